/**
 * What produced the result on screen (mode, dictionary, reference datetime, version) and whether the
 * settings have changed since: a result is never shown as current when it was made another way.
 */
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
