/**
 * What produced an annotation result, recorded in every export (the `glosa_provenance` member of
 * the JSON export, the CSV's last columns, the brat sidecar, the FHIR Provenance, the CLI's lines):
 * the mode and endpoint, the reference datetime, the dictionary, the context rule pack, the
 * annotator's version and when the note was annotated. Pure data; the app and the CLI fill it.
 */
import { z } from 'zod';

export interface GlosaProvenance {
  /** Who wrote the export: "glosa-app 0.1.0" or "glosa-cli 0.1.0". */
  readonly exported_by: string;
  /** Where the note was annotated: in the browser or process (local) or by a service (remote); absent when unknown. */
  readonly mode?: 'local' | 'remote';
  /** Remote mode: the annotation endpoint the note was sent to. */
  readonly endpoint?: string;
  /** The reference datetime relative dates were resolved against (absent: none was given). */
  readonly text_datetime?: string;
  /** The dictionary: the local one, or the one a remote service names in `/tagger/config`. */
  readonly dictionary?: { readonly id?: string; readonly content_hash: string };
  /** The user's context rule pack; null for Glosa's built-in rules; absent when unknown (remote). */
  readonly rule_pack?: { readonly name: string; readonly sha256: string } | null;
  /** Whether sites inside concepts were asked for (`config.nested_sites`); absent when unknown. */
  readonly nested_sites?: boolean;
  /** The annotator's version (the result's `version`). */
  readonly glosa_version: string;
  /** When the note was annotated, an ISO 8601 instant (absent when unknown, e.g. a reopened review). */
  readonly annotated_at?: string;
  /** When the export was written, an ISO 8601 instant. */
  readonly exported_at?: string;
}

/** Reads a record back (a review file keeps the provenance of each judged result). */
export const GlosaProvenanceSchema = z.object({
  exported_by: z.string(),
  mode: z.enum(['local', 'remote']).optional(),
  endpoint: z.string().optional(),
  text_datetime: z.string().optional(),
  dictionary: z.object({ id: z.string().optional(), content_hash: z.string() }).optional(),
  rule_pack: z.object({ name: z.string(), sha256: z.string() }).nullable().optional(),
  nested_sites: z.boolean().optional(),
  glosa_version: z.string(),
  annotated_at: z.string().optional(),
  exported_at: z.string().optional(),
});

/** The JSON member that carries it beside the contract's result fields. */
export const PROVENANCE_MEMBER = 'glosa_provenance';

/** Built-in rules: the name written where a rule pack's name goes in flat formats (CSV). */
export const DEFAULT_RULES = '(predeterminadas)';

/** The record as flat (name, value) pairs in a fixed order, '' when unknown: the CSV's provenance columns. */
export function provenanceFields(p: GlosaProvenance | undefined): [string, string][] {
  const rules = p?.rule_pack;
  return [
    ['mode', p?.mode ?? ''],
    ['endpoint', p?.endpoint ?? ''],
    ['text_datetime', p?.text_datetime ?? ''],
    ['dictionary_id', p?.dictionary?.id ?? ''],
    ['dictionary_hash', p?.dictionary?.content_hash ?? ''],
    ['rule_pack', rules === null ? DEFAULT_RULES : (rules?.name ?? '')],
    ['rule_pack_sha256', rules?.sha256 ?? ''],
    ['nested_sites', p?.nested_sites === undefined ? '' : String(p.nested_sites)],
    ['glosa_version', p?.glosa_version ?? ''],
    ['annotated_at', p?.annotated_at ?? ''],
    ['exported_at', p?.exported_at ?? ''],
    ['exported_by', p?.exported_by ?? ''],
  ];
}

export const PROVENANCE_COLUMNS = provenanceFields(undefined).map(([name]) => name);

/** A record being filled, whose optional members may still be undefined. */
export type ProvenanceDraft = { readonly [K in keyof GlosaProvenance]?: GlosaProvenance[K] | undefined } & Pick<
  GlosaProvenance,
  'exported_by' | 'glosa_version'
>;

/** Drops absent members, so a written record has exactly the fields that hold a value. */
export function provenanceRecord(p: ProvenanceDraft): GlosaProvenance {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as unknown as GlosaProvenance;
}
