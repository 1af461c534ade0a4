/**
 * The JSON export: the contract's result, its fields at top level as a service returns them (any
 * client of the contract reads it), plus a `glosa_provenance` member saying what produced it.
 */
import type { AnnotationResult } from '../../core/contract.ts';
import { PROVENANCE_MEMBER, type GlosaProvenance } from '../../core/export/provenance.ts';

export function toJson(result: AnnotationResult, provenance?: GlosaProvenance): string {
  return `${JSON.stringify(provenance ? { ...result, [PROVENANCE_MEMBER]: provenance } : result, null, 2)}\n`;
}
