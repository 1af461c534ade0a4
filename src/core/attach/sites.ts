/**
 * Anatomical sites: a finding (or a test or treatment, with the site right after it: "biopsia de
 * mama izquierda", "cirugía palpebral") followed by an Anatomy mention, right after it or after a preposition
 * (an article may come between; so may its severity, a describing word or two and its size: "dolor
 * intenso en FID", "lesiones descamativas en codos", "herida de 3 cm en dedo"), gets
 * `has_anatomical_location`; the site's head is the finding. Sites joined by
 * "y" or a comma attach to the same finding ("dolor en el brazo y en la pierna"). A negated
 * finding's site is negated with the same trigger. A site that opens its line with a colon, as
 * examination notes write them ("EEII: edemas con fóvea"), is where the findings of its sentence
 * with no site of their own are; it is not negated with them ("Abdomen: no doloroso").
 */
import type { AttachBuilder, ContextLayer } from '../doc.ts';
import { notASite } from '../match/nested-sites.ts';
import { isAnatomy, isFinding, isProcedure, isQualifier, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import { isDescription, MAX_DESCRIPTION_WORDS } from './descriptions.ts';
import { qualifierStart } from './qualifiers.ts';
import type { Token } from '../text/tokenise.ts';
import links from './links.json' with { type: 'json' };

const SITE_PREPOSITIONS = PhraseSet.of(links.sitePrepositions);
const ARTICLES = PhraseSet.of(links.articles);
const COORDINATORS = PhraseSet.of(links.siteCoordinators);

function skipArticle(tokens: readonly Token[], at: number): number {
  return ARTICLES.matchAt(tokens, at)?.end ?? at;
}

/** "Abdomen", not "abdomen", "FID" or "ABDOMEN": a capital then a small letter, as a new item starts. */
function titleCase(text: string, token: Token): boolean {
  const first = text.charAt(token.start);
  const second = text.charAt(token.start + 1);
  return first !== first.toLowerCase() && second !== second.toUpperCase();
}

/**
 * Token where a site right after `after` would start: after a preposition ("en el brazo"), or
 * right there on the same line, as an adjective or in telegraphic notes ("hemorragia
 * intracraneal", "dolor FID"), unless it starts a new item ("Consciente Abdomen blando").
 */
function siteStart(text: string, tokens: readonly Token[], after: number): number {
  const preposition = SITE_PREPOSITIONS.matchAt(tokens, after);
  if (preposition !== undefined) return skipArticle(tokens, preposition.end);
  const next = tokens[after];
  return next !== undefined && !next.afterLineBreak && !titleCase(text, next) ? after : -1;
}

/** Token where a further site after a coordinator would start ("y en la pierna", ", pierna"), or -1. */
function nextSiteStart(tokens: readonly Token[], after: number): number {
  const coordinator = COORDINATORS.matchAt(tokens, after);
  if (coordinator === undefined) return -1;
  const preposition = SITE_PREPOSITIONS.matchAt(tokens, coordinator.end);
  return skipArticle(tokens, preposition?.end ?? coordinator.end);
}

/** Links the site at mention `s` to the finding at `f`; the site takes the finding's negation (read from the context layer). */
function link(links: AttachBuilder, context: ContextLayer, f: number, s: number): void {
  links.head[s] = f;
  links.relations.push({ from: f, rel: 'has_anatomical_location', to: s });
  links.located[f] = 1;
  const negative = context.negative[f];
  if (negative !== undefined && context.negative[s] === undefined) links.inheritedNegative[s] ??= negative;
}

/**
 * What stands between the finding at mention `k` and its site: its severity and a describing word
 * or two ("dolor intenso en FID", "lesiones descamativas en codos"), then its size ("herida de 3 cm
 * en dedo índice"). Returns the token after them and the index of the mention after them.
 */
function pastDescription(text: string, mentions: readonly Mention[], tokens: readonly Token[], k: number): { after: number; next: number } {
  let next = k + 1;
  let after = (mentions[k] as Mention).endToken;
  for (let words = 0; words < MAX_DESCRIPTION_WORDS; words++) {
    const mention = mentions[next];
    if (mention !== undefined && isQualifier(mention) && mention.firstToken === qualifierStart(tokens, after)) {
      after = mention.endToken;
      next++;
    } else if (
      mention?.firstToken !== after &&
      after < tokens.length &&
      isDescription(text, tokens[after] as Token) &&
      SITE_PREPOSITIONS.matchAt(tokens, after) === undefined
    )
      after++;
    else break;
  }
  const size = mentions[next];
  if (size?.kind === 'quantity' && (size.firstToken === after || (size.firstToken === after + 1 && tokens[after]?.norm === 'de'))) {
    after = size.endToken;
    next++;
  }
  return { after, next };
}

export function attachSites(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  context: ContextLayer,
  links: AttachBuilder,
): void {
  for (let k = 0; k < mentions.length; k++) {
    const finding = mentions[k] as Mention;
    // A test or treatment takes the site right after it ("biopsia de mama", "cirugía palpebral"), with nothing between.
    const procedure = !isFinding(finding) && isProcedure(finding);
    if (!isFinding(finding) && !procedure) continue;
    const past = procedure ? { after: finding.endToken, next: k + 1 } : pastDescription(text, mentions, tokens, k);
    let next = past.next;
    let start = siteStart(text, tokens, past.after);
    for (let site = mentions[next]; site !== undefined && site.firstToken === start; site = mentions[next]) {
      if (!isAnatomy(site) || links.head[next] !== -1 || notASite(tokens, site.firstToken, site.endToken)) break;
      link(links, context, k, next);
      start = nextSiteStart(tokens, site.endToken);
      next++;
    }
  }
}

/** Whether token `i` opens its sentence (line breaks end sentences too; see segment.ts). */
function opensSentence(sentenceOf: Uint32Array, i: number): boolean {
  return i === 0 || sentenceOf[i - 1] !== sentenceOf[i];
}

/** The first token after the clause that starts at token `from`: its sentence's end or a ";". */
function clauseEnd(tokens: readonly Token[], sentenceOf: Uint32Array, from: number): number {
  let i = from;
  while (i < tokens.length && sentenceOf[i] === sentenceOf[from] && (tokens[i] as Token).norm !== ';') i++;
  return i;
}

/** "EEII: edemas con fóvea", "Piel: eritema en tronco": the line's header site. */
export function attachHeaderSites(
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  links: AttachBuilder,
): void {
  for (let k = 0; k < mentions.length; k++) {
    const site = mentions[k] as Mention;
    if (!isAnatomy(site) || tokens[site.endToken]?.norm !== ':' || !opensSentence(sentenceOf, site.firstToken)) continue;
    const end = clauseEnd(tokens, sentenceOf, site.endToken + 1);
    for (let j = k + 1; j < mentions.length && (mentions[j] as Mention).firstToken < end; j++) {
      const finding = mentions[j] as Mention;
      if (!isFinding(finding) || links.located[j] === 1) continue;
      if (links.head[k] === -1) links.head[k] = j;
      links.relations.push({ from: j, rel: 'has_anatomical_location', to: k });
      links.located[j] = 1;
    }
  }
}
