/**
 * Emit: the contract's result from the mentions. Ids are consecutive from 0 in text order (longer
 * first on ties), offsets are converted to code points here and only here, and `relations` is left
 * out when there are none.
 */
import type { Annotation, AnnotationResult, Characteristics, Relation, Span } from '../contract.ts';
import type { ConceptEntry } from '../dictionary/types.ts';
import { byPosition, type Cue, type Mention } from '../mention.ts';
import type { OffsetConverter } from '../text/codepoints.ts';

export interface EmitOptions {
  readonly vendorKey: string;
  readonly version: string;
}

type ConceptFields = Pick<Annotation, 'code' | 'type'>;

export type Emitter = (text: string, mentions: readonly Mention[], converter: OffsetConverter) => AnnotationResult;

/**
 * An emitter for one annotator. Code and type are facts of a concept: they are built once per
 * concept, frozen, and shared by every annotation of that concept in every result.
 */
export function createEmitter(options: EmitOptions): Emitter {
  const conceptFields = new Map<ConceptEntry, ConceptFields>();
  const fieldsOf = (c: ConceptEntry): ConceptFields => {
    let fields = conceptFields.get(c);
    if (fields === undefined) {
      fields = freezeFields(c, options.vendorKey);
      conceptFields.set(c, fields);
    }
    return fields;
  };
  return (text, mentions, converter) => emitResult(text, mentions, converter, fieldsOf, options.version);
}

function freezeFields(c: ConceptEntry, vendorKey: string): ConceptFields {
  const code: Annotation['code'] = { umls: c.cui };
  if (c.snomedCt.length > 0) code.snomed_ct = Object.freeze(c.snomedCt.slice()) as string[];
  if (c.icd9Cm.length > 0) code.icd9_cm = Object.freeze(c.icd9Cm.slice()) as string[];
  if (c.icd10Cm.length > 0) code.icd10_cm = Object.freeze(c.icd10Cm.slice()) as string[];
  if (c.loinc.length > 0) code.loinc = Object.freeze(c.loinc.slice()) as string[];
  const type: Annotation['type'] = { umls: c.semanticType };
  if (c.category !== undefined) type[vendorKey] = c.category;
  return { code: Object.freeze(code), type: Object.freeze(type) };
}

function emitResult(
  text: string,
  mentions: readonly Mention[],
  converter: OffsetConverter,
  fieldsOf: (c: ConceptEntry) => ConceptFields,
  version: string,
): AnnotationResult {
  const ordered = isOrdered(mentions) ? mentions : [...mentions].sort(byPosition);
  for (let id = 0; id < ordered.length; id++) (ordered[id] as Mention).id = id;

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
  const mentionSpan = (m: Mention): Span => (m.span ??= span(m.start, m.end, m.concept.preferredTerm));

  const annotations: Annotation[] = [];
  let relations: Relation[] | undefined;
  let relationsOrdered = true;
  for (const m of ordered) {
    const { code, type } = fieldsOf(m.concept);
    const ch = m.characteristics;
    const characteristics: Characteristics = {};
    if (ch.negative) characteristics.negative = { trigger: cueSpan(ch.negative) };
    if (ch.uncertain) characteristics.uncertain = { trigger: cueSpan(ch.uncertain) };
    if (ch.familyMember) characteristics.family_member = { match: mentionSpan(ch.familyMember) };
    if (ch.quantifier) characteristics.quantifier = { match: mentionSpan(ch.quantifier) };
    if (ch.qualifier) characteristics.qualifier = { match: mentionSpan(ch.qualifier) };
    // Quantity and timex objects are made afresh for each mention by the measure stage.
    if (ch.quantity) characteristics.quantity = ch.quantity;
    if (ch.timex) characteristics.timex = ch.timex;

    const annotation: Annotation = { id: m.id, code, type, match: mentionSpan(m), characteristics };
    // A link to a mention that was not emitted (id -1) is dropped.
    if (m.head !== undefined && m.head.id >= 0) annotation.head = m.head.id;
    annotations.push(annotation);
    for (const r of m.relations) {
      if (r.to.id < 0) continue;
      const relation: Relation = { from: m.id, to: r.to.id, rel: r.rel };
      const last = relations?.[relations.length - 1];
      // Mentions come in id order, so only a mention's own relations may be out of order.
      if (last !== undefined && last.from === relation.from && last.to > relation.to) relationsOrdered = false;
      (relations ??= []).push(relation);
    }
  }
  if (relations === undefined) return { annotations, version };
  if (!relationsOrdered) relations.sort((a, b) => a.from - b.from || a.to - b.to);
  return { annotations, relations, version };
}

function isOrdered(mentions: readonly Mention[]): boolean {
  for (let k = 1; k < mentions.length; k++) if (byPosition(mentions[k - 1] as Mention, mentions[k] as Mention) > 0) return false;
  return true;
}
