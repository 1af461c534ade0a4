/**
 * Emit: the contract's result from the mentions. Ids are consecutive from 0 in text order (longer
 * first on ties), offsets are converted to code points here and only here, and `relations` is left
 * out when there are none.
 */
import type { Annotation, AnnotationResult, Characteristics, Relation, Span } from '../contract.ts';
import type { ConceptEntry } from '../dictionary/types.ts';
import type { Cue, Mention } from '../mention.ts';
import type { OffsetConverter } from '../text/codepoints.ts';

export interface EmitOptions {
  readonly vendorKey: string;
  readonly version: string;
}

export function emitResult(text: string, mentions: readonly Mention[], converter: OffsetConverter, options: EmitOptions): AnnotationResult {
  const ordered = [...mentions].sort((a, b) => a.start - b.start || b.end - a.end);
  const ids = new Map<Mention, number>(ordered.map((m, i) => [m, i]));

  const span = (start: number, end: number, preferredTerm: string): Span => {
    const surface = text.slice(start, end);
    return {
      begin: converter.toCodePoint(start),
      end: converter.toCodePoint(end),
      text: surface,
      found_as: surface,
      preferred_term: preferredTerm,
    };
  };
  // One span object per cue, so concepts negated by the same cue carry the same trigger object.
  const cueSpans = new Map<Cue, Span>();
  const cueSpan = (cue: Cue): Span => {
    let s = cueSpans.get(cue);
    if (s === undefined) {
      s = span(cue.start, cue.end, '');
      cueSpans.set(cue, s);
    }
    return s;
  };
  // A mention's span is built once and shared by its match and any characteristic pointing at it.
  const mentionSpans = new Map<Mention, Span>();
  const mentionSpan = (m: Mention): Span => {
    let s = mentionSpans.get(m);
    if (s === undefined) {
      s = span(m.start, m.end, m.concept.preferredTerm);
      mentionSpans.set(m, s);
    }
    return s;
  };
  // Code and type are facts of the concept: one object each per concept in a result.
  const conceptFields = new Map<ConceptEntry, Pick<Annotation, 'code' | 'type'>>();
  const fieldsOf = (c: ConceptEntry): Pick<Annotation, 'code' | 'type'> => {
    let fields = conceptFields.get(c);
    if (fields === undefined) {
      const code: Annotation['code'] = { umls: c.cui };
      if (c.snomedCt.length > 0) code.snomed_ct = c.snomedCt.slice();
      if (c.icd9Cm.length > 0) code.icd9_cm = c.icd9Cm.slice();
      if (c.icd10Cm.length > 0) code.icd10_cm = c.icd10Cm.slice();
      if (c.loinc.length > 0) code.loinc = c.loinc.slice();
      const type: Annotation['type'] = { umls: c.semanticType };
      if (c.category !== undefined) type[options.vendorKey] = c.category;
      fields = { code, type };
      conceptFields.set(c, fields);
    }
    return fields;
  };

  const annotations: Annotation[] = ordered.map((m, id) => {
    const { code, type } = fieldsOf(m.concept);

    const ch = m.characteristics;
    const characteristics: Characteristics = {};
    if (ch.negative) characteristics.negative = { trigger: cueSpan(ch.negative) };
    if (ch.uncertain) characteristics.uncertain = { trigger: cueSpan(ch.uncertain) };
    if (ch.familyMember) characteristics.family_member = { match: mentionSpan(ch.familyMember) };
    if (ch.quantifier) characteristics.quantifier = { match: mentionSpan(ch.quantifier) };
    if (ch.qualifier) characteristics.qualifier = { match: mentionSpan(ch.qualifier) };
    if (ch.quantity) characteristics.quantity = { ...ch.quantity };
    if (ch.timex) characteristics.timex = { ...ch.timex };

    const annotation: Annotation = { id, code, type, match: mentionSpan(m), characteristics };
    const head = m.head === undefined ? undefined : ids.get(m.head);
    if (head !== undefined) annotation.head = head;
    return annotation;
  });

  const relations: Relation[] = [];
  for (const m of ordered) {
    for (const r of m.relations) {
      const to = ids.get(r.to);
      if (to !== undefined) relations.push({ from: ids.get(m) as number, to, rel: r.rel });
    }
  }
  relations.sort((a, b) => a.from - b.from || a.to - b.to);
  return relations.length > 0 ? { annotations, relations, version: options.version } : { annotations, version: options.version };
}
