/**
 * The comparison as a file: JSON with both runs' provenance and the lists (format "glosa-diff"),
 * or CSV with one row per difference (a changed annotation: one row per changed field). Kinds and
 * fields keep their English keys, as the other exports keep the contract's; values are in words.
 */
import { csvCell } from '../export/csv.ts';
import type { ResultDiff } from './diff.ts';
import { diffEntries, formatValue } from './entries.ts';
import type { Run } from './run.ts';

export const DIFF_FORMAT = 'glosa-diff';

/** What produced a run, as plain fields (null: not known). */
export function provenanceOf(run: Run) {
  const { annotator, textDatetime, version, dictionary, fileName } = run.info;
  const local = annotator?.startsWith('local:') ? annotator.slice('local:'.length).split(':') : undefined;
  return {
    mode: local ? 'local' : annotator?.startsWith('remote:') ? 'remote' : null,
    endpoint: annotator?.startsWith('remote:') ? annotator.slice('remote:'.length) : null,
    dictionary: local ? { id: dictionary?.id ?? null, hash: local[0] ?? null } : null,
    rules: local?.[1] === 'rules' ? (local[2] ?? '').split('@')[0] : null,
    text_datetime: textDatetime || null,
    version,
    file: fileName ?? null,
    unread: run.unread,
  };
}

export function diffToJson(text: string, a: Run, b: Run, diff: ResultDiff, at: Date): string {
  const file = {
    format: DIFF_FORMAT,
    version: 1,
    exported_at: at.toISOString(),
    text,
    a: provenanceOf(a),
    b: provenanceOf(b),
    counts: diff.counts,
    added: diff.added,
    removed: diff.removed,
    changed: diff.changed,
    relations_added: diff.relationsAdded,
    relations_removed: diff.relationsRemoved,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

const CSV_HEADER = ['kind', 'begin', 'end', 'text', 'what', 'field', 'a', 'b'];

export function diffToCsv(diff: ResultDiff): string {
  const rows = [CSV_HEADER.join(',')];
  for (const e of diffEntries(diff)) {
    const base = [e.kind, e.span.begin, e.span.end, e.span.text, e.title];
    if (e.changes.length === 0) rows.push([...base, '', '', ''].map((v) => csvCell(v)).join(','));
    else
      for (const ch of e.changes) {
        rows.push([...base, ch.field, formatValue(ch.field, ch.a), formatValue(ch.field, ch.b)].map((v) => csvCell(v)).join(','));
      }
  }
  return `${rows.join('\r\n')}\r\n`;
}
