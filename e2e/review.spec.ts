/**
 * Review mode: verdicts by keyboard, persistence in IndexedDB across a reload and a new tab, a
 * batch of notes in local and remote mode, the review file round trip and its refusals, CSV and
 * brat parsed back, storage failure, and axe-core in review mode.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { annotate, armRendered, chooseRemote, startService } from './support/app.ts';

const NOTE = '😷 No refiere dolor en el brazo. Fiebre desde hace 3 días. Madre con diabetes.';

const counts = (page: Page) => page.getByTestId('review-counts');
const span = (page: Page, text: string) => page.locator('.doc [data-ann]:not([data-frag])').filter({ hasText: new RegExp(`^${text}$`) });
const bytes = async (d: Download) => readFile(await d.path());
const contents = async (d: Download) => (await bytes(d)).toString('utf8');

async function startReview(page: Page, note = NOTE): Promise<number> {
  await page.goto('/');
  await page.getByLabel('Modo revisión').check();
  const rendered = await annotate(page, note);
  await expect(counts(page)).toContainText(`revisadas 0 de ${rendered.annotations}`);
  return rendered.annotations;
}

async function saveDownload(page: Page, button: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return download;
}

/** Marks dolor correct, brazo wrong (negation) with a comment, and a missed concept, all by keyboard. */
async function judge(page: Page): Promise<void> {
  await span(page, 'dolor').focus();
  await page.keyboard.press('a');
  await span(page, 'brazo').focus();
  await page.keyboard.press('x');
  await page.keyboard.press('3');
  await page.keyboard.press('c');
  await page.getByLabel(/Comentario sobre la anotación/).fill('el brazo no está negado aquí');
  await page.keyboard.press('Enter');
  await page.keyboard.press('m');
  await page.getByLabel('Texto omitido').fill('días');
  await page.getByRole('form', { name: 'Concepto omitido' }).getByLabel('Categoría').selectOption('Temporal Concept');
  await page.getByRole('button', { name: 'Añadir concepto omitido' }).click();
  await expect(page.getByTestId('missed-list')).toContainText('«días»');
}

/** Opens a review file through «Importar revisión». */
const importReview = (p: Page, content: string, name: string) =>
  p.getByLabel('Importar revisión', { exact: true }).setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });

test('verdicts by keyboard: a, x with a numbered reason, c comment, u clear; shown on spans, table and counts, announced', async ({
  page,
}, info) => {
  const total = await startReview(page);
  const dolor = span(page, 'dolor');
  await dolor.focus();
  await page.keyboard.press('a');
  await expect(dolor).toHaveAttribute('data-verdict', 'correct');
  await expect(dolor).toHaveAttribute('aria-label', /revisada: correcta/);
  await expect(counts(page)).toHaveText(`revisadas 1 de ${total}, 0 incorrectas`);
  await expect(page.getByTestId('review-announcer')).toContainText('Correcta: «dolor»');

  // j moves on (the document's own key), x asks for a reason, 3 picks "negación errónea".
  await page.keyboard.press('j');
  const next = page.locator('.doc [data-ann]:focus');
  const nextId = await next.getAttribute('data-ann');
  await page.keyboard.press('x');
  await expect(page.getByRole('group', { name: /Motivo del error/ })).toBeVisible();
  await page.keyboard.press('3');
  const judged = page.locator(`.doc [data-ann="${nextId}"]:not([data-frag])`);
  await expect(judged).toHaveAttribute('data-verdict', 'wrong');
  await expect(judged).toHaveAttribute('aria-label', /incorrecta \(negación errónea\)/);
  await expect(counts(page)).toHaveText(`revisadas 2 de ${total}, 1 incorrecta`);
  await expect(page.getByTestId('review-announcer')).toContainText('Motivo: negación errónea');

  // c opens a comment; typing "a", "x", "u" there marks nothing.
  await page.keyboard.press('c');
  const comment = page.getByLabel(/Comentario sobre la anotación/);
  await expect(comment).toBeFocused();
  await comment.pressSequentially('axu no es así');
  await page.keyboard.press('Enter');
  await expect(counts(page)).toHaveText(`revisadas 2 de ${total}, 1 incorrecta`);
  await expect(judged).toBeFocused();
  await expect(judged).toHaveAttribute('aria-label', /comentario: axu no es así/);

  // Table: a column and a filter.
  await expect(page.getByTestId('verdict-cell').filter({ hasText: '✗ incorrecta: negación errónea · axu no es así' })).toHaveCount(1);
  await page.getByLabel('Veredicto').selectOption('wrong');
  await expect(page.getByTestId('verdict-cell')).toHaveCount(1);
  await page.getByLabel('Veredicto').selectOption('unreviewed');
  await expect(page.getByTestId('verdict-cell')).toHaveCount(total - 2);
  await page.screenshot({ path: info.outputPath('review-verdicts.png') });

  // u clears; typing in the note's text area marks nothing.
  await judged.focus();
  await page.keyboard.press('u');
  await expect(judged).not.toHaveAttribute('data-verdict');
  await expect(counts(page)).toHaveText(`revisadas 1 de ${total}, 0 incorrectas`);
  await page.getByLabel('Texto de la nota').focus();
  await page.keyboard.press('a');
  await expect(counts(page)).toHaveText(`revisadas 1 de ${total}, 0 incorrectas`);
});

test('a missed concept from a text selection: code-point offsets, date chips left out', async ({ page }) => {
  await startReview(page);
  // "con" comes after the emoji and after the date chip ("→ …") drawn for "hace 3 días".
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.querySelector('.doc-text') as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(' con ') ?? -1;
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 4);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        return;
      }
    }
  });
  await page.locator('.doc-text').focus();
  await page.keyboard.press('m');
  await expect(page.getByLabel('Texto omitido')).toHaveValue('con');
  await page.getByLabel('CUI (opcional)').fill('no-es-un-cui');
  await page.getByRole('button', { name: 'Añadir concepto omitido' }).click();
  await expect(page.getByRole('form', { name: 'Concepto omitido' }).getByRole('alert')).toContainText('siete cifras');
  await page.getByLabel('CUI (opcional)').fill('');
  await page.getByRole('button', { name: 'Añadir concepto omitido' }).click();
  const begin = Array.from(NOTE.slice(0, NOTE.indexOf(' con ') + 1)).length;
  await expect(page.getByTestId('missed-list')).toContainText(`«con» (${begin}–${begin + 3})`);
  await expect(counts(page)).toContainText('1 omitida');
});

test('a review survives a reload and is reopened from the "Revisiones" panel in a new tab, then deleted', async ({ page, context }) => {
  const total = await startReview(page);
  await judge(page);
  const summary = `revisadas 2 de ${total}, 1 incorrecta, 1 omitida`;
  await expect(counts(page)).toHaveText(summary);

  // Reload: the note comes back from the tab's session, is annotated again, and finds its review.
  const rendered = await armRendered(page);
  await page.reload();
  await rendered();
  await expect(counts(page)).toHaveText(summary);
  await expect(span(page, 'brazo')).toHaveAttribute('data-verdict', 'wrong');

  // A new tab has no session: the review is found in IndexedDB.
  const tab = await context.newPage();
  await tab.goto('/');
  await tab.getByRole('tab', { name: 'Revisiones' }).click();
  const row = tab.getByTestId('stored-reviews').getByRole('row').filter({ hasText: 'No refiere dolor' });
  await expect(row).toContainText(summary);
  await row.getByRole('button', { name: /^Abrir/ }).click();
  await expect(counts(tab)).toHaveText(summary);
  await expect(span(tab, 'dolor')).toHaveAttribute('data-verdict', 'correct');
  await expect(tab.getByText(/Revisión guardada de «nota»/)).toBeVisible();

  await row.getByRole('button', { name: /^Borrar/ }).click();
  await row.getByRole('button', { name: 'Sí, borrar' }).click();
  await expect(tab.getByText('Ninguna revisión guardada todavía.')).toBeVisible();
  await tab.close();
});

test('re-annotated with another result: verdicts that still apply carry over, the others are orphaned', async ({ page }) => {
  // A service whose second answer (another version) no longer negates "dolor".
  const text = 'No refiere dolor.';
  const span = (begin: number, end: number) => ({
    begin,
    end,
    text: text.slice(begin, end),
    found_as: text.slice(begin, end),
    preferred_term: text.slice(begin, end),
  });
  const trigger = { trigger: span(0, 2) };
  const result = (version: string, dolorNegated: boolean) => ({
    version,
    annotations: [
      {
        id: 0,
        code: { umls: 'C1000001' },
        type: { umls: 'Functional Concept' },
        match: span(3, 10),
        characteristics: { negative: trigger },
      },
      {
        id: 1,
        code: { umls: 'C0030193' },
        type: { umls: 'Sign or Symptom', vendor: 'Finding' },
        match: span(11, 16),
        characteristics: dolorNegated ? { negative: trigger } : {},
        head: 0,
      },
    ],
  });
  let calls = 0;
  await page.route('**/tagger/config', (route) => route.fulfill({ json: { dictionary: { content_hash: 'abc123' } } }));
  await page.route('**/tagger/annotation', (route) =>
    route.fulfill({ json: calls++ === 0 ? result('1.0.0', true) : result('1.0.1', false) }),
  );
  await page.goto('/');
  await page.getByLabel('Modo revisión').check();
  await chooseRemote(page, 'k1');
  const origin = new URL(page.url()).origin;
  await page.getByLabel('URL base').fill(`${origin}/primero`);
  await annotate(page, text);
  await page.locator('.doc [data-ann="0"]').focus();
  await page.keyboard.press('a');
  await page.locator('.doc [data-ann="1"]:not([data-frag])').focus();
  await page.keyboard.press('x');
  await page.keyboard.press('3');
  await expect(counts(page)).toHaveText('revisadas 2 de 2, 1 incorrecta');

  // Another endpoint is another annotator: the note is annotated again and gets the new result.
  await page.getByLabel('URL base').fill(`${origin}/segundo`);
  await annotate(page, text);
  await expect(page.getByTestId('review-carried')).toContainText('1 veredictos siguen en sus anotaciones y 1 han quedado huérfanos');
  await expect(counts(page)).toHaveText('revisadas 1 de 2, 0 incorrectas');
  await expect(page.locator('.doc [data-ann="0"]')).toHaveAttribute('data-verdict', 'correct');
  await expect(page.getByTestId('orphan-list')).toContainText('«dolor» (C0030193, 11–16): incorrecta (negación errónea)');
});

test('a batch of notes (JSON Lines): n / p move, progress is shown, and the whole batch exports', async ({ page }, info) => {
  await page.goto('/');
  const lines = [
    { id: 'a-1', text: 'Sin fiebre ni tos.', config: { text_datetime: '2024-06-10T12:00:00' } },
    { id: 'a-2', text: 'Refiere dolor abdominal.' },
    { id: 'a-3', text: 'Madre con diabetes.' },
  ];
  const rendered = await armRendered(page);
  await page.getByLabel('Abrir lote de notas', { exact: true }).setInputFiles({
    name: 'lote.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')),
  });
  await rendered();
  await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 1 de 3');
  await expect(page.getByLabel('Texto de la nota')).toHaveValue('Sin fiebre ni tos.');
  await span(page, 'fiebre').focus();
  await page.keyboard.press('a');
  await span(page, 'tos').focus();
  await page.keyboard.press('a');
  await expect(page.getByTestId('batch-progress')).toContainText('1 de 3 notas revisadas por completo · 2 veredictos, 0 incorrectos');

  let next = await armRendered(page);
  await page.keyboard.press('n');
  await next();
  await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 2 de 3');
  await expect(page.getByLabel('Texto de la nota')).toHaveValue('Refiere dolor abdominal.');
  await span(page, 'dolor abdominal').focus();
  await page.keyboard.press('x');
  await page.keyboard.press('1');
  next = await armRendered(page);
  await page.keyboard.press('p');
  await next();
  await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 1 de 3');
  await expect(span(page, 'tos')).toHaveAttribute('data-verdict', 'correct');
  await page.screenshot({ path: info.outputPath('review-batch.png') });

  const file = JSON.parse(await contents(await saveDownload(page, 'Exportar revisión'))) as {
    notes: { id: string; text_datetime: string; verdicts: { verdict: string; reason?: string }[] }[];
  };
  expect(file.notes.map((n) => n.id)).toEqual(['a-1', 'a-2']);
  expect(file.notes[0]?.text_datetime).toBe('2024-06-10T12:00:00');
  expect(file.notes[1]?.verdicts).toEqual([expect.objectContaining({ verdict: 'wrong', reason: 'concept' })]);

  // A batch survives a reload too.
  const again = await armRendered(page);
  await page.reload();
  await again();
  await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 1 de 3');

  // And a new tab (the browser closed and opened again: no session) reopens the note the batch was at, with its verdicts.
  const tab = await page.context().newPage();
  await tab.goto('/');
  await expect(tab.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 1 de 3');
  await expect(tab.getByLabel('Texto de la nota')).toHaveValue('Sin fiebre ni tos.');
  await expect(span(tab, 'tos')).toHaveAttribute('data-verdict', 'correct');
  await tab.close();

  // A file with a bad line is refused whole, naming the line.
  await page.getByLabel('Abrir lote de notas', { exact: true }).setInputFiles({
    name: 'malo.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('{"id":"1","text":"tos"}\n{"id":"2"}\n'),
  });
  await expect(page.getByTestId('review-error')).toContainText('línea 2');
  await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 1 de 3');
});

test('a batch of .txt files in remote mode', async ({ browser }) => {
  const service = await startService(['review-key-0123456789']);
  const page = await browser.newPage();
  try {
    await page.goto(`${service.url}/`);
    await chooseRemote(page, 'review-key-0123456789');
    const rendered = await armRendered(page);
    await page.getByLabel('Abrir lote de notas', { exact: true }).setInputFiles([
      { name: 'n2.txt', mimeType: 'text/plain', buffer: Buffer.from('Niega disnea.') },
      { name: 'n1.txt', mimeType: 'text/plain', buffer: Buffer.from('Sin fiebre.') },
    ]);
    await rendered();
    await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('nota 1 de 2');
    await expect(page.getByRole('region', { name: 'Lote de notas' })).toContainText('«n1»');
    await span(page, 'fiebre').focus();
    await page.keyboard.press('a');
    await expect(counts(page)).toContainText('revisadas 1 de');
    const next = await armRendered(page);
    await page.keyboard.press('n');
    await next();
    await expect(page.getByLabel('Texto de la nota')).toHaveValue('Niega disnea.');
    const file = JSON.parse(await contents(await saveDownload(page, 'Exportar revisión'))) as { notes: { dictionary_hash: string }[] };
    // The service names its dictionary in /tagger/config.
    expect(file.notes[0]?.dictionary_hash).toMatch(/^[0-9a-f]{8,}$/);
  } finally {
    await page.close();
    await service.stop();
  }
});

test('export → import in a fresh browser profile shows the same review, and exports the same file', async ({ page, browser }) => {
  await startReview(page);
  await judge(page);
  const exported = await contents(await saveDownload(page, 'Exportar revisión'));
  const parsed = JSON.parse(exported) as { format: string; version: number; notes: { result: { annotations: unknown[] } }[] };
  expect(parsed.format).toBe('glosa-review');
  expect(parsed.version).toBe(1);

  const other = await browser.newContext();
  const them = await other.newPage();
  try {
    await them.goto('/');
    await importReview(them, exported, 'r.json');
    await expect(counts(them)).toHaveText(await counts(page).innerText());
    await expect(span(them, 'brazo')).toHaveAttribute('data-verdict', 'wrong');
    await expect(them.getByTestId('missed-list')).toContainText('«días»');
    const again = await contents(await saveDownload(them, 'Exportar revisión'));
    expect(again).toBe(exported);

    // Refusals: not a review, another version, a text changed after the review. Nothing is overwritten.
    const bad = async (content: string, message: RegExp) => {
      await importReview(them, content, 'x.json');
      await expect(them.getByTestId('review-error')).toContainText(message);
    };
    await bad('{"annotations": []}', /No se ha importado nada\. El archivo no es una revisión de Glosa/);
    await bad(JSON.stringify({ ...parsed, version: 2 }), /versión 2/);
    const tampered = JSON.parse(exported) as { notes: { text: string }[] };
    (tampered.notes[0] as { text: string }).text = NOTE.replace('brazo', 'brazO');
    await bad(JSON.stringify(tampered), /no coincide con su huella/);
    await bad('no es json', /no es JSON/);
    await expect(counts(them)).toHaveText(await counts(page).innerText());
    await them.getByRole('tab', { name: 'Revisiones' }).click();
    await expect(them.getByTestId('stored-reviews').getByRole('row')).toHaveCount(2);
  } finally {
    await other.close();
  }
});

test('a judged batch exported and imported by someone else: the same notes, verdicts and file', async ({ page, browser }) => {
  await page.goto('/');
  const rendered = await armRendered(page);
  await page.getByLabel('Abrir lote de notas', { exact: true }).setInputFiles({
    name: 'lote.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(['{"id":"b-1","text":"Sin fiebre."}', '{"id":"b-2","text":"Niega disnea."}'].join('\n')),
  });
  await rendered();
  await span(page, 'fiebre').focus();
  await page.keyboard.press('a');
  const next = await armRendered(page);
  await page.keyboard.press('n');
  await next();
  await span(page, 'disnea').focus();
  await page.keyboard.press('x');
  await page.keyboard.press('3');
  const exported = await contents(await saveDownload(page, 'Exportar revisión'));
  expect((JSON.parse(exported) as { notes: unknown[] }).notes).toHaveLength(2);

  const other = await browser.newContext();
  const them = await other.newPage();
  try {
    await them.goto('/');
    await importReview(them, exported, 'r.json');
    const batch = them.getByRole('region', { name: 'Lote de notas' });
    await expect(batch).toContainText('nota 1 de 2');
    await expect(span(them, 'fiebre')).toHaveAttribute('data-verdict', 'correct');
    await them.locator('.doc-text').focus();
    await them.keyboard.press('n');
    await expect(batch).toContainText('nota 2 de 2');
    await expect(span(them, 'disnea')).toHaveAttribute('aria-label', /incorrecta \(negación errónea\)/);
    await expect(them.getByTestId('batch-progress')).toContainText('2 veredictos, 1 incorrecto');
    expect(await contents(await saveDownload(them, 'Exportar revisión'))).toBe(exported);
  } finally {
    await other.close();
  }
});

/** RFC 4180 rows (quoted cells with doubled quotes and line breaks). */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === sep) {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

test('CSV (comma; semicolon with BOM) and brat (zip with annotation.conf) parse back', async ({ page }) => {
  const total = await startReview(page);
  await judge(page);

  const comma = parseCsv(await contents(await saveDownload(page, 'CSV (coma)')), ',');
  expect(comma[0]?.slice(0, 5)).toEqual(['note_id', 'annotation_id', 'begin', 'end', 'text']);
  expect(comma[0]?.slice(9, 12)).toEqual(['verdict', 'reason', 'comment']);
  // Then what produced the judged result (docs/exports.md): local mode, the reference datetime, the dictionary.
  const column = (name: string) => comma[0]?.indexOf(name) ?? -1;
  for (const row of comma.slice(1)) {
    expect(row[column('mode')]).toBe('local');
    expect(row[column('dictionary_hash')]).toMatch(/^[0-9a-f]{12,}$/);
    expect(row[column('exported_by')]).toMatch(/^glosa-app /);
  }
  expect(comma).toHaveLength(1 + total + 1);
  const brazo = comma.find((r) => r[4] === 'brazo');
  expect(brazo?.slice(9, 12)).toEqual(['wrong', 'negation', 'el brazo no está negado aquí']);
  // Code points: the emoji counts as one.
  expect(comma.find((r) => r[4] === 'dolor')?.slice(2, 4)).toEqual([
    String(Array.from(NOTE.slice(0, NOTE.indexOf('dolor'))).length),
    String(Array.from(NOTE.slice(0, NOTE.indexOf('dolor'))).length + 5),
  ]);
  expect(comma.at(-1)?.slice(4, 10)).toEqual(['días', 'Temporal Concept', '', '', '', 'missed']);

  const raw = await bytes(await saveDownload(page, 'CSV (punto y coma, hojas de cálculo en español)'));
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const semi = parseCsv(raw.subarray(3).toString('utf8'), ';');
  // The same rows but for the time of the export.
  const exportedAt = column('exported_at');
  const withoutTime = (rows: string[][]) => rows.map((r) => r.filter((_, i) => i !== exportedAt));
  expect(withoutTime(semi)).toEqual(withoutTime(comma));
  expect(Date.parse(semi[1]?.[exportedAt] ?? '')).toBeGreaterThanOrEqual(Date.parse(comma[1]?.[exportedAt] ?? ''));

  const zip = unzipSync(new Uint8Array(await bytes(await saveDownload(page, 'brat (.zip)'))));
  expect(Object.keys(zip).sort()).toEqual(['annotation.conf', 'nota.ann', 'nota.provenance.json', 'nota.txt']);
  expect(JSON.parse(strFromU8(zip['nota.provenance.json'] as Uint8Array))).toMatchObject({ mode: 'local', rule_pack: null });
  const txt = strFromU8(zip['nota.txt'] as Uint8Array);
  expect(txt).toBe(NOTE);
  const conf = strFromU8(zip['annotation.conf'] as Uint8Array);
  const points = Array.from(txt);
  const entities = new Map<string, string>();
  for (const line of strFromU8(zip['nota.ann'] as Uint8Array)
    .trimEnd()
    .split('\n')) {
    const [id, body, surface] = line.split('\t') as [string, string, string | undefined];
    if (id.startsWith('T')) {
      const [type, ...offsets] = body.split(' ');
      const [begin, end] = (offsets.join(' ').split(';')[0] as string).split(' ').map(Number) as [number, number];
      expect(points.slice(begin, end).join('')).toBe(surface);
      expect(conf.split('\n')).toContain(type);
      entities.set(id, surface ?? '');
    } else if (id.startsWith('A')) {
      const [name, target] = body.split(' ') as [string, string];
      expect(entities.has(target)).toBe(true);
      expect(conf).toMatch(new RegExp(`^${name}\\tArg:<ENTITY>`, 'm'));
    } else if (id.startsWith('#')) {
      expect(entities.has(body.split(' ')[1] as string)).toBe(true);
    }
  }
  const ann = strFromU8(zip['nota.ann'] as Uint8Array);
  const brazoT = [...entities].find(([, s]) => s === 'brazo')?.[0];
  expect(ann).toContain(`Verdict ${brazoT} wrong`);
  expect(ann).toContain(`Reason ${brazoT} negation`);
  expect(ann).toMatch(new RegExp(`AnnotatorNotes ${brazoT}\\t.*revisión: incorrecta · negación errónea · el brazo no está negado aquí`));
  expect(ann).toMatch(/^T\d+\tMissed_concept \d+ \d+\tdías$/m);

  // Cases for the test suite: one line per wrong or missed item, in the tests/dev-cases format.
  await page.getByRole('button', { name: 'Casos para la batería de pruebas' }).click();
  const cases = page.locator('.cases pre');
  await expect(cases).toContainText('"negated":false');
  const parsedCases = (await cases.innerText()).split('\n').map((l) => JSON.parse(l) as { id: string; text: string });
  expect(parsedCases).toHaveLength(2);
  expect(parsedCases[0]?.text).toBe('😷 No refiere dolor en el brazo.');
});

test('without IndexedDB the review works in memory, says so, and can be exported', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', { value: undefined });
  });
  await startReview(page);
  await expect(page.getByTestId('storage-warning')).toContainText('no se pueden guardar');
  await span(page, 'dolor').focus();
  await page.keyboard.press('a');
  await expect(span(page, 'dolor')).toHaveAttribute('data-verdict', 'correct');
  const file = JSON.parse(await contents(await saveDownload(page, 'Exportar revisión'))) as { notes: { verdicts: unknown[] }[] };
  expect(file.notes[0]?.verdicts).toHaveLength(1);
});

test('axe-core finds no violations in review mode (verdicts, reason prompt, panels, report)', async ({ page }, info) => {
  await startReview(page);
  await judge(page);
  await span(page, 'dolor').focus();
  await page.keyboard.press('x');
  await expect(page.getByRole('group', { name: /Motivo del error/ })).toBeVisible();
  const check = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check();
  await page.keyboard.press('0');
  await page.getByRole('tab', { name: 'Revisiones' }).click();
  await expect(page.getByTestId('stored-reviews')).toBeVisible();
  await check();
  await page.getByRole('tab', { name: 'Informe de revisión' }).click();
  await expect(page.getByRole('article', { name: 'Informe de revisión' })).toContainText('Negaciones revisadas, por motivo');
  await check();
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: info.outputPath('review-report-print.png'), fullPage: true });
});
