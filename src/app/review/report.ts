/** The review report's figures: per category, per characteristic, and the reviewed negations by reason. */
import { categoryOf, type Annotation } from '../../core/contract.ts';
import { REASONS, type NoteReview, type Reason } from './model.ts';

export interface Tally {
  total: number;
  reviewed: number;
  wrong: number;
}

export type Characteristic = 'negated' | 'uncertain' | 'family';

export const CHARACTERISTIC_LABELS: Record<Characteristic, string> = {
  negated: 'negadas',
  uncertain: 'inciertas',
  family: 'de un familiar',
};

export interface ReviewReport {
  notes: number;
  overall: Tally;
  missed: number;
  orphans: number;
  byCategory: [string, Tally][];
  byCharacteristic: Record<Characteristic, Tally>;
  /** Reviewed negated annotations: how many correct, and how many wrong for each reason (or none given). */
  negations: { correct: number; wrong: Record<Reason | 'none', number> };
  /** Affirmed annotations marked "negación errónea": negations the annotator did not see. */
  negationMissed: number;
}

const tally = (): Tally => ({ total: 0, reviewed: 0, wrong: 0 });

function characteristicsOf(a: Annotation): Characteristic[] {
  const c = a.characteristics;
  return [c.negative && 'negated', c.uncertain && 'uncertain', c.family_member && 'family'].filter(Boolean) as Characteristic[];
}

export function reportOf(reviews: readonly NoteReview[]): ReviewReport {
  const overall = tally();
  const byCategory = new Map<string, Tally>();
  const byCharacteristic: Record<Characteristic, Tally> = { negated: tally(), uncertain: tally(), family: tally() };
  const wrong = Object.fromEntries([...REASONS.map(([r]) => [r, 0]), ['none', 0]]) as Record<Reason | 'none', number>;
  const negations = { correct: 0, wrong };
  let negationMissed = 0;
  for (const r of reviews) {
    for (const a of r.result.annotations) {
      const v = r.verdicts.get(a.id);
      const category = categoryOf(a) ?? '(sin categoría)';
      let t = byCategory.get(category);
      if (!t) byCategory.set(category, (t = tally()));
      const traits = characteristicsOf(a);
      for (const target of [overall, t, ...traits.map((c) => byCharacteristic[c])]) {
        target.total++;
        if (v) target.reviewed++;
        if (v?.verdict === 'wrong') target.wrong++;
      }
      if (!v) continue;
      if (a.characteristics.negative) {
        if (v.verdict === 'correct') negations.correct++;
        else negations.wrong[v.reason ?? 'none']++;
      } else if (v.verdict === 'wrong' && v.reason === 'negation') negationMissed++;
    }
  }
  return {
    notes: reviews.length,
    overall,
    missed: reviews.reduce((n, r) => n + r.missed.length, 0),
    orphans: reviews.reduce((n, r) => n + r.orphans.length, 0),
    byCategory: [...byCategory].sort(([a], [b]) => a.localeCompare(b, 'es')),
    byCharacteristic,
    negations,
    negationMissed,
  };
}
