import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockText } from '../document/BlockText.tsx';
import { buildDocumentModel } from '../document/marks.ts';
import { annotationFacets, filterDocument, NO_FILTERS, type Filters } from './model.ts';
import { result, TEXT } from './test-note.ts';

/** The document's blocks as the browser gets them, with the filters applied. */
function render(filters: Filters): string {
  const r = result();
  const model = buildDocumentModel(TEXT, r);
  const filter = filterDocument(model, annotationFacets(r.annotations), filters);
  return model.blocks
    .map((b, i) =>
      renderToStaticMarkup(
        <BlockText nodes={b.tree} text={TEXT} firstFocusable={i === 0} filter={filter} filterSig={filter.blockSigs.get(i)} />,
      ),
    )
    .join('');
}

const annotated = (html: string) => [...html.matchAll(/data-ann="(\d+)"/g)].map((m) => Number(m[1]));
const plain = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the document with filters', () => {
  it('draws a hidden annotation as plain text, keeping the note and the marks inside or around it', () => {
    expect(annotated(render(NO_FILTERS))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const html = render({ ...NO_FILTERS, category: ['Finding'] });
    expect(annotated(html)).toEqual([0, 3, 4, 6, 7, 9]);
    expect(plain(html)).toBe(TEXT);
  });

  it('drops the cue of a hidden negated annotation, and keeps it while one of its arcs is shown', () => {
    expect(render(NO_FILTERS)).toContain('cue-negation');
    expect(render({ ...NO_FILTERS, status: ['negated'] })).not.toContain('cue-negation');
    expect(render({ ...NO_FILTERS, relation: ['negation:NEG'] })).not.toContain('cue-negation');
    expect(render({ ...NO_FILTERS, relation: ['head:núcleo'] })).toContain('cue-negation');
  });

  it('moves the tab stop to the first annotation shown', () => {
    const html = render({ ...NO_FILTERS, speech: ['verb'] });
    expect(
      html
        .match(/data-ann="(\d+)"[^>]*tabindex="0"|tabindex="0"[^>]*data-ann="(\d+)"/)
        ?.slice(1)
        .find(Boolean),
    ).toBe('1');
  });
});
