/**
 * What the interface calls categories, statuses and relations (in Spanish), and the CSS class of a
 * category. Exports keep the contract's English values; only what a person reads is translated.
 */
import { categoryOf, type Annotation, type Category, type Relation, type RelationKind } from '../../core/contract.ts';
import SEMANTIC_TYPES from './semantic-types.json' with { type: 'json' };

/** The Spanish name of a UMLS semantic type ("Sign or Symptom": "Signo o síntoma"); an unknown one stays as sent. */
export function semanticTypeLabel(type: string): string {
  return (SEMANTIC_TYPES as Record<string, string | undefined>)[type] ?? type;
}

/** What the card calls a characteristic; one Glosa does not know is its name in words ("found_as": "found as"). */
const FIELD_LABELS: Record<string, string> = {
  age: 'Edad',
  hypothetical: 'Condicional (hipotético)',
  quantity: 'Cantidad',
  timex: 'Fecha resuelta',
};

export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? key.replace(/_/g, ' ');
}

export function categoryClass(category: string | undefined): string {
  return `cat-${(category ?? 'none').toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

/** The 20 coarse categories; routes of administration are Spatial Concept, the patient's sex Group. */
export const CATEGORY_LABELS: Record<Category, string> = {
  Activity: 'Actividad',
  Phenomenon: 'Fenómeno',
  Organism: 'Organismo',
  Anatomy: 'Anatomía',
  'Spatial Concept': 'Concepto espacial (vía)',
  Substance: 'Sustancia',
  Finding: 'Hallazgo',
  'Manufactured Object': 'Objeto manufacturado',
  Organization: 'Organización',
  'Geographic Area': 'Área geográfica',
  'Laboratory Procedure': 'Procedimiento de laboratorio',
  'Laboratory or Test Result': 'Resultado de laboratorio o prueba',
  'Diagnostic Procedure': 'Procedimiento diagnóstico',
  'Therapeutic or Preventive Procedure': 'Procedimiento terapéutico o preventivo',
  'Disease or Syndrome': 'Enfermedad o síndrome',
  'Temporal Concept': 'Concepto temporal',
  'Quantitative Concept': 'Concepto cuantitativo',
  'Qualitative Concept': 'Concepto cualitativo',
  Group: 'Grupo (sexo, población)',
  'Organism Attribute': 'Atributo del organismo',
};

/** The Spanish name of a category; one another service sent that Glosa does not know stays as sent. */
export function categoryLabel(category: string | undefined): string {
  if (!category) return 'sin categoría';
  return (CATEGORY_LABELS as Record<string, string | undefined>)[category] ?? category;
}

export const RELATION_LABELS: Record<RelationKind, string> = {
  has_anatomical_location: 'localización',
  has_quantity: 'cantidad',
  has_time: 'fecha',
  has_frequency: 'frecuencia',
  has_route: 'vía',
  has_duration: 'duración',
  has_allergen: 'alérgeno',
  has_age: 'edad',
  has_form: 'forma',
};

export function relationLabel(rel: string): string {
  return (RELATION_LABELS as Record<string, string | undefined>)[rel] ?? rel;
}

const FRAME_ONLY = new Set(['has_frequency', 'has_route', 'has_duration', 'has_form']);

/** The annotations with a medication frame (a frequency, route, duration or form of their own). */
export function framedIds(relations: readonly Relation[]): ReadonlySet<number> {
  return new Set(relations.filter((r) => FRAME_ONLY.has(r.rel)).map((r) => r.from));
}

/** A relation's Spanish name from `from`'s side: the quantity of a substance or of a framed drug is its "dosis". */
export function relationLabelFrom(rel: string, from: Annotation, framed: ReadonlySet<number>): string {
  const dose = rel === 'has_quantity' && (categoryOf(from) === 'Substance' || framed.has(from.id));
  return dose ? 'dosis' : relationLabel(rel);
}

/** Family history is a status of its own: the concept is a relative's, not the patient's. */
export type Status = 'negated' | 'uncertain' | 'family' | 'affirmed';

/** Negation and uncertainty come first (a relative's negated disease is negated); then family. */
export function statusOf(a: Annotation): Status {
  if (a.characteristics.negative) return 'negated';
  if (a.characteristics.uncertain) return 'uncertain';
  if (a.characteristics.family_member) return 'family';
  return 'affirmed';
}

export const STATUS_LABELS: Record<Status, string> = { negated: 'negado', uncertain: 'incierto', family: 'familiar', affirmed: 'afirmado' };
