/**
 * The document that flows through the pipeline: the text and its config, then one layer per stage.
 * A stage reads earlier layers and adds its own; it never changes an earlier one. Mentions are
 * frozen once measured; context and attach describe them in arrays indexed by mention and in link
 * lists, which the emit stage joins into the contract's result.
 */
import type { AnnotationResult, RelationKind, RequestConfig } from './contract.ts';
import type { Mention } from './mention.ts';
import type { Section } from './text/sections.ts';
import type { Token } from './text/tokenise.ts';

/** A range of the text in UTF-16 indices. */
export interface TextRange {
  start: number;
  end: number;
}

/** A negation or uncertainty trigger: its span, the rule that fired and how far its scope reached. */
export interface Cue {
  readonly start: number;
  readonly end: number;
  /** The id of the context rule. */
  readonly rule: string;
  /** The text the scope covered; set by the context stage when the scope closes. */
  readonly scope: TextRange;
  /** An uncertainty cue that states a condition ("si", "en caso de"): what it covers is hypothetical. */
  readonly hypothetical?: true;
}

/** A relative that governs a concept ("madre" in "Madre con HTA"), with the rule and its reach. */
export interface FamilyLink {
  /** Index of the relative's mention, or -1 when a family-history section's header governs. */
  readonly relative: number;
  /** The header of the family-history section that governs the concept, when no relative does. */
  readonly header?: TextRange;
  /** The header's label ("Antecedentes familiares"). */
  readonly headerLabel?: string;
  readonly rule: string;
  readonly scope: TextRange;
}

export interface ContextLayer {
  /** By mention index: the negation cue, the uncertainty cue and the relative of each mention. */
  readonly negative: readonly (Cue | undefined)[];
  readonly uncertain: readonly (Cue | undefined)[];
  readonly family: readonly (FamilyLink | undefined)[];
}

/** A relation between two mentions, by index. */
export interface Link {
  readonly from: number;
  readonly rel: RelationKind;
  readonly to: number;
}

export interface AttachLayer {
  /** By mention index: the head's index, or -1. */
  readonly head: Int32Array;
  /** By mention index: the quantity that measures it and the qualifier that qualifies it, or -1. */
  readonly quantifier: Int32Array;
  readonly qualifier: Int32Array;
  /** By mention index: the negation a site takes from its finding ("sin dolor en rodilla"). */
  readonly inheritedNegative: readonly (Cue | undefined)[];
  /** In the order they were found; emit orders them. */
  readonly relations: readonly Link[];
}

export interface Doc {
  readonly text: string;
  readonly config?: RequestConfig | undefined;
  readonly tokens?: readonly Token[] | undefined;
  /** Sentence number of each token (line breaks end sentences). */
  readonly sentenceOf?: Uint32Array | undefined;
  /** The note's sections ("Antecedentes familiares: ..."), in order. */
  readonly sections?: readonly Section[] | undefined;
  /** Sorted by position; read-only after the measure stage. */
  readonly mentions?: readonly Mention[] | undefined;
  readonly context?: ContextLayer | undefined;
  readonly attach?: AttachLayer | undefined;
  readonly result?: AnnotationResult | undefined;
}

/** The attach layer while the attach stage builds it. */
export interface AttachBuilder {
  readonly head: Int32Array;
  readonly quantifier: Int32Array;
  readonly qualifier: Int32Array;
  readonly inheritedNegative: (Cue | undefined)[];
  readonly relations: Link[];
  /** By mention index: 1 once it has an anatomical location (what header sites check). */
  readonly located: Uint8Array;
}

export function newAttachBuilder(mentionCount: number): AttachBuilder {
  return {
    head: new Int32Array(mentionCount).fill(-1),
    quantifier: new Int32Array(mentionCount).fill(-1),
    qualifier: new Int32Array(mentionCount).fill(-1),
    inheritedNegative: new Array<Cue | undefined>(mentionCount).fill(undefined),
    relations: [],
    located: new Uint8Array(mentionCount),
  };
}
