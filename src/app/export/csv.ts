/**
 * CSV export, one row per annotation (RFC 4180 quoting). Offsets are the contract's code points.
 * Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a leading apostrophe.
 *
 * What produced the result is in the last columns of every row (mode, endpoint, text_datetime,
 * dictionary_id, dictionary_hash, rule_pack, rule_pack_sha256, glosa_version, annotated_at,
 * exported_at, exported_by): comment or preamble lines break most CSV readers (spreadsheets,
 * pandas and R read them as data), while extra columns are read by every tool.
 */
import { categoryOf, type AnnotationResult } from '../../core/contract.ts';
import { PROVENANCE_COLUMNS, provenanceFields, type GlosaProvenance } from '../../core/export/provenance.ts';
import { statusOf } from '../format/labels.ts';
import { formatQuantity } from '../../core/export/quantity.ts';

export const ANNOTATION_COLUMNS = [
  'id',
  'begin',
  'end',
  'text',
  'preferred_term',
  'category',
  'semantic_type',
  'umls',
  'snomed_ct',
  'icd10_cm',
  'icd9_cm',
  'loinc',
  'status',
  'negation_trigger',
  'uncertainty_trigger',
  'family_member',
  'head',
  'timex',
  'quantity',
  'quantifier',
  'qualifier',
] as const;

export const CSV_COLUMNS = [...ANNOTATION_COLUMNS, ...PROVENANCE_COLUMNS];

/** One cell; `separator` is the one the file uses (a cell holding it is quoted). */
export function csvCell(value: string | number | undefined, separator = ','): string {
  if (value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /["\n\r]/.test(s) || s.includes(separator) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(result: AnnotationResult, provenance?: GlosaProvenance): string {
  const made = provenanceFields(provenance).map(([, value]) => csvCell(value || undefined));
  const rows = result.annotations.map((a) => {
    const c = a.characteristics;
    const list = (codes: readonly string[] | undefined) => codes?.join(' ');
    return [
      a.id,
      a.match.begin,
      a.match.end,
      a.match.text,
      a.match.preferred_term,
      categoryOf(a),
      a.type.umls,
      a.code.umls,
      list(a.code.snomed_ct),
      list(a.code.icd10_cm),
      list(a.code.icd9_cm),
      list(a.code.loinc),
      statusOf(a),
      c.negative?.trigger.text,
      c.uncertain?.trigger.text,
      c.family_member?.match.text,
      a.head,
      c.timex ? `${c.timex.type} ${c.timex.value}${c.timex.mod === undefined ? '' : ` ${c.timex.mod}`}` : undefined,
      c.quantity ? formatQuantity(c.quantity) : undefined,
      c.quantifier?.match.text,
      c.qualifier?.match.text,
    ]
      .map((cell) => csvCell(cell))
      .concat(made)
      .join(',');
  });
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
