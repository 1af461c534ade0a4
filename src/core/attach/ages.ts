/**
 * `has_age`: the patient's sex ("Varón", "mujer") to the age stated with it right after "de"
 * ("Varón de 72 años"); the age takes the sex as head. An age with no sex before it ("Paciente de 80
 * años") stands alone.
 */
import type { AttachBuilder } from '../doc.ts';
import { AGE_CONCEPT, SEX_CONCEPTS } from '../local-concepts.ts';
import type { Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';

const SEXES: ReadonlySet<unknown> = new Set(Object.values(SEX_CONCEPTS));

export function attachAges(mentions: readonly Mention[], tokens: readonly Token[], links: AttachBuilder): void {
  for (let k = 1; k < mentions.length; k++) {
    const age = mentions[k] as Mention;
    if (age.concept !== AGE_CONCEPT) continue;
    const sex = mentions[k - 1] as Mention;
    if (!SEXES.has(sex.concept) || sex.endToken !== age.firstToken - 1 || tokens[sex.endToken]?.norm !== 'de') continue;
    if (links.head[k] === -1) links.head[k] = k - 1;
    links.relations.push({ from: k - 1, rel: 'has_age', to: k });
  }
}
