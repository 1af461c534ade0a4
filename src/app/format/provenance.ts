/**
 * What produced the result on screen (mode, dictionary, reference datetime, version) and whether the
 * settings have changed since: a result is never shown as current when it was made another way.
 * The same record, taken when the note is annotated, goes into every export (see
 * src/core/export/provenance.ts).
 */
import { GLOSA_VERSION } from '../../core/version.ts';
import { provenanceRecord, type GlosaProvenance } from '../../core/export/provenance.ts';
import type { AnnotatedText } from '../annotator/useAnnotation.ts';
import { textHash } from '../review/model.ts';
import type { ContextRulesPack, Mode } from '../state/store.ts';

export const APP_EXPORTER = `glosa-app ${GLOSA_VERSION}`;

/** The settings a note was annotated with, read when its result arrived. */
export interface AnnotationSettings {
  readonly mode: Mode;
  /** Remote mode: the annotation endpoint. */
  readonly endpoint?: string | undefined;
  /** The local dictionary, or the one the remote service names. */
  readonly dictionary?: { readonly id?: string | undefined; readonly content_hash: string } | undefined;
  /** Local mode's rule pack (null: the built-in rules). */
  readonly rules: ContextRulesPack | null;
  readonly textDatetime: string;
  readonly nestedSites: boolean;
}

/** The provenance of a result just annotated (the export adds when it was exported). */
export function annotationProvenance(settings: AnnotationSettings, version: string, annotatedAt: Date): GlosaProvenance {
  const { mode, rules, dictionary } = settings;
  return provenanceRecord({
    exported_by: APP_EXPORTER,
    mode,
    endpoint: mode === 'remote' ? settings.endpoint : undefined,
    text_datetime: settings.textDatetime || undefined,
    dictionary:
      dictionary &&
      (dictionary.id ? { id: dictionary.id, content_hash: dictionary.content_hash } : { content_hash: dictionary.content_hash }),
    // A remote service's rules are its own: not known here.
    rule_pack: mode === 'remote' ? undefined : rules && { name: rules.name, sha256: textHash(rules.json) },
    nested_sites: settings.nestedSites,
    glosa_version: version,
    annotated_at: annotatedAt.toISOString(),
  });
}

/**
 * What an export of the shown result records: its provenance as annotated, or for a result with
 * none (a reopened review) what it says itself, and the time of the export.
 */
export function exportProvenance(shown: AnnotatedText, exportedAt: Date): GlosaProvenance {
  const made =
    shown.provenance ??
    provenanceRecord({ exported_by: APP_EXPORTER, text_datetime: shown.textDatetime, glosa_version: shown.result.version });
  return { ...made, exported_by: APP_EXPORTER, exported_at: exportedAt.toISOString() };
}

export interface ShownResult {
  /** The annotator's identity: "local:<dictionary hash>[:rules:…]" or "remote:<endpoint>". */
  readonly annotator?: string | undefined;
  readonly textDatetime: string;
  readonly version: string;
}

export interface CurrentSettings {
  /** Identity of the annotator the current settings select (undefined: none ready yet). */
  readonly annotator: string | undefined;
  readonly textDatetime: string;
  /** The active local dictionary, to name the hash in the result line. */
  readonly dictionary?: { readonly id: string; readonly contentHash: string } | undefined;
}

/** The result line's parts, in Spanish. */
export function provenanceParts(shown: ShownResult, current: CurrentSettings): string[] {
  const parts: string[] = [];
  const annotator = shown.annotator;
  if (annotator?.startsWith('remote:')) parts.push(`remoto ${annotator.slice('remote:'.length)}`);
  else if (annotator?.startsWith('local:')) {
    const [hash = '', , rules] = annotator.slice('local:'.length).split(':');
    const id = current.dictionary?.contentHash === hash ? `${current.dictionary.id} ` : '';
    parts.push(`local · diccionario ${id}#${hash.slice(0, 12)}${rules ? ` · reglas ${rules.split('@')[0]}` : ''}`);
  }
  parts.push(`referencia ${shown.textDatetime || '—'}`, `versión ${shown.version}`);
  return parts;
}

/** Why the shown result is out of date with the current settings (empty: it is current). */
export function staleReasons(shown: ShownResult, current: CurrentSettings): string[] {
  const reasons: string[] = [];
  if (shown.textDatetime !== current.textDatetime) reasons.push('la fecha de referencia cambió');
  if (shown.annotator !== undefined && current.annotator !== undefined && shown.annotator !== current.annotator) {
    reasons.push('cambió el anotador, el diccionario o las reglas');
  }
  return reasons;
}
