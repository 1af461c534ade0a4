/**
 * A quantity measures the nearest concept before it in its clause ("LDL 64 mg/dl", "Temperatura
 * de 38,5 ºC"): that concept gets `quantifier` and a `has_quantity` relation, and the quantity's
 * head is the measured concept. A word between them written like an abbreviation the lexicon does
 * not know ("Analítica: NT-proBNP 4500 pg/ml") is what is measured, so nothing is linked.
 */
import type { AttachBuilder } from '../doc.ts';
import { hasRole, type Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';
import rules from './quantity-links.json' with { type: 'json' };

const GAP_BREAKS: ReadonlySet<string> = new Set(rules.gapBreaks);

/** A word with a capital after its first letter, or of capitals only ("NT", "proBNP", "GGT"). */
function abbreviationShaped(text: string, t: Token): boolean {
  if (t.kind !== 'word') return false;
  for (let k = t.start + 1; k < t.end; k++) {
    const c = text.charCodeAt(k);
    if (c < 128 ? c >= 0x41 && c <= 0x5a : text[k] !== text[k]?.toLowerCase()) return true;
  }
  return false;
}

/** Whether nothing between tokens [from, to) keeps a concept from its quantity. */
function openGap(text: string, tokens: readonly Token[], from: number, to: number): boolean {
  if (to - from > rules.maxGapTokens) return false;
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'number' || GAP_BREAKS.has(t.norm) || t.afterLineBreak || abbreviationShaped(text, t)) return false;
  }
  return !(tokens[to] as Token | undefined)?.afterLineBreak;
}

export function attachQuantities(text: string, mentions: readonly Mention[], tokens: readonly Token[], links: AttachBuilder): void {
  for (let k = 0; k < mentions.length; k++) {
    const quantity = mentions[k] as Mention;
    if (quantity.kind !== 'quantity') continue;
    for (let j = k - 1; j >= 0; j--) {
      const candidate = mentions[j] as Mention;
      if (candidate.kind === 'quantity' || !openGap(text, tokens, candidate.endToken, quantity.firstToken)) break;
      if (!hasRole(candidate, 'measurable')) continue;
      links.head[k] = j;
      if (links.quantifier[j] === -1) links.quantifier[j] = k;
      links.relations.push({ from: j, rel: 'has_quantity', to: k });
      break;
    }
  }
}
