/**
 * The JSON text of a result as the annotator makes it, identical to `JSON.stringify(result)` in
 * about half the time: serialising is a third of a service request's work. It writes the shapes
 * emit builds, keys in emit's order, and saves work where a result repeats itself: `code` and
 * `type` are frozen objects shared by all annotations of a concept in every result, so their JSON
 * is kept; a span shared by several annotations (one negation trigger) is written once per result.
 * For results built some other way, use `JSON.stringify`.
 */
import type { Annotation, AnnotationResult, Characteristics, Span } from '../contract.ts';

const sharedJson = new WeakMap<object, string>();

/** JSON of an object emit shares across results; frozen, so it cannot have changed since. */
function frozenJson(value: object): string {
  if (!Object.isFrozen(value)) return JSON.stringify(value);
  let json = sharedJson.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    sharedJson.set(value, json);
  }
  return json;
}

/** The `rule` and `scope` that `config.explain` adds, in emit's key order. */
function explanationJson(c: unknown): string {
  const { rule, scope } = c as { rule?: string; scope?: { begin: number; end: number } };
  if (rule === undefined) return '';
  return `,"rule":${JSON.stringify(rule)}${scope === undefined ? '' : `,"scope":{"begin":${scope.begin},"end":${scope.end}}`}`;
}

export function resultToJson(result: AnnotationResult): string {
  const spans = new Map<Span, string>();
  const spanJson = (s: Span): string => {
    let json = spans.get(s);
    if (json === undefined) {
      const text = JSON.stringify(s.text);
      const foundAs = s.found_as === s.text ? text : JSON.stringify(s.found_as);
      json = `{"begin":${s.begin},"end":${s.end},"text":${text},"found_as":${foundAs},"preferred_term":${JSON.stringify(s.preferred_term)}}`;
      spans.set(s, json);
    }
    return json;
  };
  const characteristicsJson = (characteristics: Characteristics): string => {
    let out = '';
    for (const key in characteristics) {
      const c = characteristics[key];
      if (c === undefined) continue;
      out += `${out === '' ? '{' : ','}"${key}":${characteristicJson(key, c)}`;
    }
    return out === '' ? '{}' : `${out}}`;
  };
  /** Negation and uncertainty carry a trigger span, relatives and qualifiers a match span. */
  const characteristicJson = (key: string, c: unknown): string => {
    if (key === 'negative' || key === 'uncertain') return `{"trigger":${spanJson((c as { trigger: Span }).trigger)}${explanationJson(c)}}`;
    if (key === 'family_member' || key === 'quantifier' || key === 'qualifier')
      return `{"match":${spanJson((c as { match: Span }).match)}${explanationJson(c)}}`;
    return JSON.stringify(c);
  };

  let out = '{"annotations":[';
  const annotations = result.annotations;
  for (let i = 0; i < annotations.length; i++) {
    const a = annotations[i] as Annotation;
    if (i > 0) out += ',';
    out += `{"id":${a.id},"code":${frozenJson(a.code)},"type":${frozenJson(a.type)},"match":${spanJson(a.match)},"characteristics":${characteristicsJson(a.characteristics)}`;
    out += a.head === undefined ? '}' : `,"head":${a.head}}`;
  }
  out += ']';
  if (result.relations !== undefined) out += `,"relations":${JSON.stringify(result.relations)}`;
  if (result.sections !== undefined) out += `,"sections":${JSON.stringify(result.sections)}`;
  return `${out},"version":${JSON.stringify(result.version)}}`;
}
