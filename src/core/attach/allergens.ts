/**
 * `has_allergen`: an allergy ("Alérgico a penicilina", "alergia a AINE", "RAM a metamizol",
 * "intolerancia a AINE"; "intolerancia a la lactosa" is one concept of the lexicon) links the substance right after
 * its link word ("a", "al", "a la"), and those coordinated with it ("a penicilina y al ibuprofeno");
 * they take it as head. Negation is the context stage's: "sin alergias medicamentosas conocidas"
 * negates the allergy as any finding.
 */
import type { AttachBuilder } from '../doc.ts';
import { ALLERGEN_COORDINATORS, ALLERGEN_LINKS } from '../measure/allergy/allergy.ts';
import { roleBits, type Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';

const ALLERGEN = roleBits(['allergen']);

/** The token after a link word at `i` (or `i` itself when `optional` and there is none), or -1. */
function afterLink(tokens: readonly Token[], i: number, optional: boolean): number {
  const t = tokens[i];
  if (t === undefined || t.afterLineBreak) return -1;
  const link = ALLERGEN_LINKS.matchAt(tokens, i);
  return link !== undefined ? link.end : optional ? i : -1;
}

export function attachAllergens(
  mentions: readonly Mention[],
  tokens: readonly Token[],
  isAllergy: (m: Mention) => boolean,
  links: AttachBuilder,
): void {
  for (let k = 0; k < mentions.length; k++) {
    const allergy = mentions[k] as Mention;
    if (!isAllergy(allergy)) continue;
    let expected = afterLink(tokens, allergy.endToken, false);
    for (let j = k + 1; j < mentions.length && expected >= 0; j++) {
      const m = mentions[j] as Mention;
      if (m.firstToken !== expected || (tokens[expected] as Token).afterLineBreak || (m.roles & ALLERGEN) === 0) break;
      if (links.head[j] === -1) links.head[j] = k;
      links.relations.push({ from: k, rel: 'has_allergen', to: j });
      const next = tokens[m.endToken];
      expected =
        next !== undefined && !next.afterLineBreak && ALLERGEN_COORDINATORS.has(next.norm) ? afterLink(tokens, m.endToken + 1, true) : -1;
    }
  }
}
