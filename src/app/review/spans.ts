/**
 * Verdicts on the document's spans. A verdict re-renders only the block that holds its annotation:
 * each block gets a signature of its verdicts, and blocks compare that instead of the whole map.
 */
import { REASON_LABELS, type Verdict } from './model.ts';

export type Verdicts = ReadonlyMap<number, Verdict>;

/** Per block index, a string that changes exactly when a verdict in that block changes. */
export function blockSignatures(blockOf: ReadonlyMap<number, number>, verdicts: Verdicts | undefined): Map<number, string> {
  const sigs = new Map<number, string>();
  for (const v of verdicts?.values() ?? []) {
    const block = blockOf.get(v.annotation_id);
    if (block === undefined) continue;
    const sig = `${v.annotation_id}${v.verdict === 'correct' ? 'c' : 'w'}${v.reason ?? ''}${v.comment ? '+' : ''}`;
    sigs.set(block, sigs.has(block) ? `${sigs.get(block)},${sig}` : sig);
  }
  return sigs;
}

/** memo's comparison for components that take `verdicts` with their `verdictSig`: the map only counts through the signature. */
export function sameButVerdicts<P extends { verdicts?: Verdicts | undefined; verdictSig?: string | undefined }>(a: P, b: P): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof P>;
  for (const k of keys) if (k !== 'verdicts' && a[k] !== b[k]) return false;
  return a.verdictSig === b.verdictSig && (a.verdicts === undefined) === (b.verdicts === undefined);
}

/** The span's class: the glyph and frame are drawn by CSS without changing the layout (arcs stay where measured). */
export function verdictClass(v: Verdict | undefined): string {
  return v ? ` rv-${v.verdict}` : '';
}

/** What a screen reader hears after the annotation's own label. */
export function verdictLabel(v: Verdict | undefined): string {
  if (!v) return '';
  if (v.verdict === 'correct') return ', revisada: correcta';
  return `, revisada: incorrecta${v.reason ? ` (${REASON_LABELS[v.reason]})` : ''}${v.comment ? `, comentario: ${v.comment}` : ''}`;
}
