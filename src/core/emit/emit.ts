/**
 * Emit: the contract's result from the document's layers. Ids are consecutive from 0 in text order
 * (longer first on ties), offsets are converted to code points here and only here, and `relations`
 * is left out when there are none. With `explain`, negative, uncertain and family_member also name
 * the rule that fired and the text its scope covered.
 */
import type { Annotation, AnnotationResult, Characteristics, Relation, Section as SectionJson, Span } from '../contract.ts';
import type { ConceptEntry } from '../dictionary/types.ts';
import type { AttachLayer, ContextLayer, Cue, FamilyLink, Link, TextRange } from '../doc.ts';
import { byPosition, type Mention } from '../mention.ts';
import type { OffsetConverter } from '../text/codepoints.ts';
import type { Section } from '../text/sections.ts';

export interface EmitOptions {
  readonly vendorKey: string;
  readonly version: string;
}

/** What emit joins: the mentions and the layers that describe them. */
export interface EmitInput {
  readonly text: string;
  readonly mentions: readonly Mention[];
  readonly context: ContextLayer;
  readonly attach: AttachLayer;
  readonly sections: readonly Section[];
}

type ConceptFields = Pick<Annotation, 'code' | 'type'>;

export type Emitter = (input: EmitInput, converter: OffsetConverter, explain: boolean) => AnnotationResult;

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
  return (input, converter, explain) => emitResult(input, converter, fieldsOf, options.version, explain);
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

/** Annotation ids by mention index: the index itself when the mentions are in order. */
function idsOf(mentions: readonly Mention[]): { readonly order: readonly number[]; readonly id: (k: number) => number } {
  const order = mentions.map((_m, k) => k);
  if (isOrdered(mentions)) return { order, id: (k) => k };
  order.sort((a, b) => byPosition(mentions[a] as Mention, mentions[b] as Mention));
  const ids = new Int32Array(mentions.length);
  order.forEach((k, id) => (ids[k] = id));
  return { order, id: (k) => ids[k] as number };
}

function emitResult(
  input: EmitInput,
  converter: OffsetConverter,
  fieldsOf: (c: ConceptEntry) => ConceptFields,
  version: string,
  explain: boolean,
): AnnotationResult {
  const { text, mentions, context, attach } = input;
  const { order, id } = idsOf(mentions);

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
  const scope = (r: TextRange): { begin: number; end: number } => ({
    begin: converter.toCodePoint(r.start),
    end: converter.toCodePoint(r.end),
  });
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
  const trigger = (cue: Cue): { trigger: Span; rule?: string; scope?: { begin: number; end: number } } =>
    explain ? { trigger: cueSpan(cue), rule: cue.rule, scope: scope(cue.scope) } : { trigger: cueSpan(cue) };
  // A mention's span is built once and shared by its match and any characteristic pointing at it.
  const spans = new Array<Span | undefined>(mentions.length);
  const mentionSpan = (k: number): Span => {
    let s = spans[k];
    if (s === undefined) {
      const m = mentions[k] as Mention;
      s = spans[k] = span(m.start, m.end, m.concept.preferredTerm);
    }
    return s;
  };
  // A family-history section's header governs when no relative does; its span is made once per link.
  const headerSpans = new Map<FamilyLink, Span>();
  const relativeSpan = (link: FamilyLink): Span => {
    if (link.header === undefined) return mentionSpan(link.relative);
    let s = headerSpans.get(link);
    if (s === undefined) headerSpans.set(link, (s = span(link.header.start, link.header.end, link.headerLabel ?? '')));
    return s;
  };
  const relative = (link: FamilyLink): Characteristics['family_member'] =>
    explain ? { match: relativeSpan(link), rule: link.rule, scope: scope(link.scope) } : { match: relativeSpan(link) };

  const annotations: Annotation[] = [];
  for (const k of order) {
    const m = mentions[k] as Mention;
    const { code, type } = fieldsOf(m.concept);
    const characteristics: Characteristics = {};
    const negative = context.negative[k] ?? attach.inheritedNegative[k];
    if (negative) characteristics.negative = trigger(negative);
    const uncertain = context.uncertain[k];
    if (uncertain) {
      characteristics.uncertain = trigger(uncertain);
      if (uncertain.hypothetical) characteristics.hypothetical = trigger(uncertain);
    }
    const family = context.family[k];
    if (family) characteristics.family_member = relative(family);
    const quantifier = attach.quantifier[k] as number;
    if (quantifier >= 0) characteristics.quantifier = { match: mentionSpan(quantifier) };
    const qualifier = attach.qualifier[k] as number;
    if (qualifier >= 0) characteristics.qualifier = { match: mentionSpan(qualifier) };
    // Quantity, timex and age objects are made afresh for each mention by the measure stage.
    if (m.characteristics.quantity) characteristics.quantity = m.characteristics.quantity;
    if (m.characteristics.timex) characteristics.timex = m.characteristics.timex;
    if (m.characteristics.age) characteristics.age = m.characteristics.age;

    const annotation: Annotation = { id: id(k), code, type, match: mentionSpan(k), characteristics };
    const head = attach.head[k] as number;
    if (head >= 0) annotation.head = id(head);
    annotations.push(annotation);
  }
  const relations = attach.relations.length > 0 ? emitRelations(attach.relations, id) : undefined;
  if (!explain || input.sections.length === 0)
    return relations === undefined ? { annotations, version } : { annotations, relations, version };
  const sections = input.sections.map((s): SectionJson => ({
    name: s.kind.name,
    label: s.kind.label,
    ...scope(s),
    header: scope(s.header),
  }));
  return relations === undefined ? { annotations, sections, version } : { annotations, relations, sections, version };
}

/** Relations by `from` then `to` (a stable sort: relations between the same pair keep their order). */
function emitRelations(links: readonly Link[], id: (k: number) => number): Relation[] {
  const relations = links.map((l): Relation => ({ from: id(l.from), to: id(l.to), rel: l.rel }));
  for (let k = 1; k < relations.length; k++) {
    const a = relations[k - 1] as Relation;
    const b = relations[k] as Relation;
    if (a.from > b.from || (a.from === b.from && a.to > b.to)) return relations.sort((x, y) => x.from - y.from || x.to - y.to);
  }
  return relations;
}

function isOrdered(mentions: readonly Mention[]): boolean {
  for (let k = 1; k < mentions.length; k++) if (byPosition(mentions[k - 1] as Mention, mentions[k] as Mention) > 0) return false;
  return true;
}
