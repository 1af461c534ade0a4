/**
 * `config.site_negation: false`: the anatomical site of a negated finding keeps no negation ("No
 * presenta edemas en miembros inferiores": the limbs exist, the oedema does not). By default the
 * site carries the finding's trigger, as the reference service writes it.
 */
import type { AttachLayer, ContextLayer, Cue } from '../doc.ts';

/** The layers with the negation taken off every site that shares the cue of the finding it locates. */
export function withAffirmedSites<L extends { readonly context: ContextLayer; readonly attach: AttachLayer }>(layers: L): L {
  const { context, attach } = layers;
  const negativeOf = (k: number): Cue | undefined => context.negative[k] ?? attach.inheritedNegative[k];
  let negative: (Cue | undefined)[] | undefined;
  let inherited: (Cue | undefined)[] | undefined;
  for (const link of attach.relations) {
    if (link.rel !== 'has_anatomical_location') continue;
    const cue = negativeOf(link.from);
    if (cue === undefined || negativeOf(link.to) !== cue) continue;
    negative ??= context.negative.slice();
    inherited ??= attach.inheritedNegative.slice();
    negative[link.to] = undefined;
    inherited[link.to] = undefined;
  }
  if (negative === undefined || inherited === undefined) return layers;
  return { ...layers, context: { ...context, negative }, attach: { ...attach, inheritedNegative: inherited } };
}
