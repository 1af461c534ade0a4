import { describe, expect, it } from 'vitest';
import { annotation, NEGATED_TEXT, negatedResult, span } from '../test/fixtures.ts';
import { buildDocumentModel, LONG_BLOCK, nestMarks, type DocNode, type DocumentModel, type Mark } from './marks.ts';

/** The text of the document as the nodes would render it, with [key ...] around marks. */
function render(nodes: readonly DocNode[], text: string): string {
  return nodes.map((n) => (n.type === 'text' ? text.slice(n.begin, n.end) : `[${n.mark.key} ${render(n.children, text)}]`)).join('');
}

/** The whole document, block after block, with | between blocks. */
function renderDoc(model: DocumentModel, text: string): string {
  return model.blocks.map((b) => render(b.tree, text)).join('|');
}

describe('document model', () => {
  it('converts code-point offsets to UTF-16 so spans after emoji cover the right text', () => {
    const text = '😀😀 fiebre y 👍 tos';
    const result = { annotations: [annotation(0, text, 3, 9), annotation(1, text, 14, 17)], version: 'x' };
    const model = buildDocumentModel(text, result);
    const a0 = model.byId.get(0);
    const a1 = model.byId.get(1);
    expect(text.slice(a0?.begin, a0?.end)).toBe('fiebre');
    expect(text.slice(a1?.begin, a1?.end)).toBe('tos');
    expect(renderDoc(model, text)).toBe('😀😀 [a0 fiebre] y 👍 [a1 tos]');
  });

  it('puts each section band on the block that holds its header, offsets in code points', () => {
    const text = '😀 Motivo de consulta: tos.\n\nAF: asma.';
    const section = (name: string, label: string, begin: number, end: number, headerEnd: number) => ({
      name,
      label,
      begin,
      end,
      header: { begin, end: headerEnd },
    });
    const result = {
      annotations: [],
      sections: [
        section('motivo_consulta', 'Motivo de consulta', 2, 26, 20),
        section('antecedentes_familiares', 'Antecedentes familiares', 28, 37, 30),
      ],
      version: 'x',
    };
    const model = buildDocumentModel(text, result);
    const labels = model.blocks.map((_b, i) => model.sectionsAt.get(i) ?? []);
    expect(labels.flat()).toEqual(['Motivo de consulta', 'Antecedentes familiares']);
    const afBlock = model.blocks[[...model.sectionsAt].find(([, l]) => l.includes('Antecedentes familiares'))?.[0] ?? -1];
    expect(text.slice(afBlock?.begin, afBlock?.end)).toContain('AF: asma.');
    expect(buildDocumentModel(text, { annotations: [], version: 'x' }).sectionsAt.size).toBe(0);
  });

  it('clamps offsets past the end of the text instead of drawing garbage', () => {
    const text = 'tos';
    const a = { ...annotation(0, text, 0, 3), match: { ...span(text, 0, 3), end: 99 } };
    const model = buildDocumentModel(text, { annotations: [a], version: 'x' });
    expect(model.byId.get(0)).toMatchObject({ begin: 0, end: 3 });
  });

  it('marks the shared negation trigger once and links it to every negated concept', () => {
    const model = buildDocumentModel(NEGATED_TEXT, negatedResult());
    const cues = model.marks.filter((m) => m.kind === 'cue');
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ cue: 'negation', begin: 0, end: 2, targets: [0, 1, 2] });
    const neg = model.links.filter((l) => l.kind === 'negation');
    expect(neg.map((l) => l.to)).toEqual(['a0', 'a1', 'a2']);
    expect(renderDoc(model, NEGATED_TEXT)).toBe('[negation:0:2 No] [a0 refiere] [a1 dolor] en el [a2 brazo]');
  });

  it('draws a relation once, and a head that is not a relation as its own link', () => {
    const model = buildDocumentModel(NEGATED_TEXT, negatedResult());
    const drawn = model.links.filter((l) => l.kind === 'relation' || l.kind === 'head').map((l) => `${l.kind}:${l.from}>${l.to}`);
    expect(drawn).toEqual(['relation:a1>a2', 'head:a1>a0']);
  });

  it('labels the head link of a qualifier as such, other heads as "núcleo"', () => {
    const text = 'Refiere cefalea intensa';
    const result = {
      annotations: [
        annotation(0, text, 0, 7),
        annotation(1, text, 8, 15, { head: 0, characteristics: { qualifier: { match: span(text, 16, 23) } } }),
        annotation(2, text, 16, 23, { head: 1 }),
      ],
      version: 'x',
    };
    const heads = buildDocumentModel(text, result).links.filter((l) => l.kind === 'head');
    expect(heads.map((l) => `${l.from}>${l.to} ${l.label}`)).toEqual(['a1>a0 núcleo', 'a2>a1 calificador']);
  });

  it('labels the quantity of a drug with a frame as its "dosis", other quantities "cantidad"', () => {
    const text = 'apixabán 5 mg cada 12 horas; glucemia 90 mg/dl';
    const drug = { umls: 'Pharmacologic Substance', vendor: 'Drug' };
    const result = {
      annotations: [
        annotation(0, text, 0, 8, { type: drug }),
        annotation(1, text, 9, 13),
        annotation(2, text, 14, 27),
        annotation(3, text, 29, 37),
        annotation(4, text, 38, 47),
      ],
      relations: [
        { from: 0, to: 1, rel: 'has_quantity' },
        { from: 0, to: 2, rel: 'has_frequency' },
        { from: 3, to: 4, rel: 'has_quantity' },
      ],
      version: 'x',
    };
    const labels = buildDocumentModel(text, result)
      .links.filter((l) => l.kind === 'relation')
      .map((l) => `${l.from}>${l.to} ${l.label}`);
    expect(labels).toEqual(['a0>a1 dosis', 'a0>a2 frecuencia', 'a3>a4 cantidad']);
  });

  it('keeps service-chosen names out of link keys (they go into a style rule)', () => {
    const result = { ...negatedResult(), relations: [{ from: 1, to: 2, rel: 'x"]{}body{display:none}[a="' }] };
    const model = buildDocumentModel(NEGATED_TEXT, result);
    for (const link of model.links) expect(link.key).toMatch(/^[a-z0-9:>]+$/);
    expect(model.links.find((l) => l.kind === 'relation')?.label).toBe(result.relations[0]?.rel);
  });

  it('relates an annotation to its trigger, head and relation partners (for highlighting)', () => {
    const model = buildDocumentModel(NEGATED_TEXT, negatedResult());
    expect(new Set(model.related.get(1)?.ids)).toEqual(new Set([0, 2]));
    expect(model.related.get(1)?.cues).toEqual(['negation:0:2']);
  });

  it('links a family member that is itself an annotation to that annotation', () => {
    const text = 'Madre con alzheimer';
    const result = {
      annotations: [
        annotation(0, text, 0, 5, { type: { umls: 'Family Group', vendor: 'Group' } }),
        annotation(1, text, 10, 19, { characteristics: { family_member: { match: span(text, 0, 5) } } }),
      ],
      version: 'x',
    };
    const model = buildDocumentModel(text, result);
    expect(model.marks.filter((m) => m.kind === 'cue')).toHaveLength(0);
    expect(model.links).toEqual([expect.objectContaining({ kind: 'family', from: 'a0', to: 'a1' })]);
    expect(model.byId.get(1)?.family).toBe(true);
  });
});

describe('document blocks', () => {
  it('cuts after newlines, but never through a mark or between the ends of a link', () => {
    const text = 'dolor\nen la\nrodilla\nfin';
    // "dolor" → "rodilla" crosses two newlines; "fin" stands alone.
    const result = {
      annotations: [annotation(0, text, 0, 5), annotation(1, text, 12, 19), annotation(2, text, 20, 23)],
      relations: [{ from: 0, to: 1, rel: 'has_anatomical_location' }],
      version: 'x',
    };
    const model = buildDocumentModel(text, result);
    expect(renderDoc(model, text)).toBe('[a0 dolor]\nen la\n[a1 rodilla]\n|[a2 fin]');
    expect(model.blocks[0]?.links.map((l) => l.key)).toEqual(['rel0:0>1']);
    expect(model.blocks[1]?.links).toEqual([]);
    expect(model.order).toEqual([0, 1, 2]);
    expect([...model.blockOf.entries()]).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
    ]);
  });

  it('cuts a long paragraph at sentence ends, and the blocks cover the text exactly', () => {
    const sentence = 'Sin fiebre ni tos. ';
    const text = sentence.repeat(Math.ceil((LONG_BLOCK * 3) / sentence.length));
    const model = buildDocumentModel(text, { annotations: [], version: 'x' });
    expect(model.blocks.length).toBeGreaterThanOrEqual(3);
    for (const b of model.blocks.slice(0, -1)) expect(text.slice(b.begin, b.end).endsWith('. ')).toBe(true);
    expect(model.blocks.map((b) => text.slice(b.begin, b.end)).join('')).toBe(text);
  });
});

describe('nesting marks', () => {
  const mark = (key: string, begin: number, end: number): Mark => ({
    kind: 'cue',
    cue: 'negation',
    key,
    begin,
    end,
    text: '',
    targets: [],
  });

  it('nests a contained span inside its container and gives the container more height', () => {
    const text = 'dolor en rodilla derecha';
    const nodes = nestMarks([mark('inner', 9, 24), mark('outer', 0, 24)], text.length);
    expect(render(nodes, text)).toBe('[outer dolor en [inner rodilla derecha]]');
    const outer = nodes[0];
    expect(outer?.type === 'mark' && outer.height).toBe(2);
  });

  it('splits a crossing span into fragments, keeping the tree well formed', () => {
    const text = 'abcdefghij';
    const nodes = nestMarks([mark('A', 0, 6), mark('B', 4, 10)], text.length);
    expect(render(nodes, text)).toBe('[A abcd[B ef]][B ghij]');
    const firsts = nodes.flatMap(function walk(n): boolean[] {
      return n.type === 'mark' ? [n.first, ...n.children.flatMap(walk)] : [];
    });
    expect(firsts).toEqual([true, true, false]);
  });

  it('covers every character exactly once, whatever the spans', () => {
    const text = 'x'.repeat(40);
    const marks = [mark('a', 0, 10), mark('b', 5, 15), mark('c', 5, 15), mark('d', 12, 30), mark('e', 20, 20), mark('f', 39, 40)];
    const nodes = nestMarks(marks, text.length);
    expect(render(nodes, text).replace(/\[[a-f] |\]/g, '')).toBe(text);
  });
});
