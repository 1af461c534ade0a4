import { describe, expect, it, vi } from 'vitest';
import { negatedResult } from '../test/fixtures.ts';
import { annotationUrl, RemoteAnnotator, serviceDictionary, spanOfIssues } from './remote.ts';
import { AnnotatorError } from './types.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

async function failure(response: Response | Error): Promise<AnnotatorError> {
  const fetchImpl = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const caught = await new RemoteAnnotator('http://svc.test', 'k', fetchImpl as unknown as typeof fetch)
    .annotate('tos', {})
    .catch((e: unknown) => e);
  expect(caught).toBeInstanceOf(AnnotatorError);
  return caught as AnnotatorError;
}

describe('RemoteAnnotator', () => {
  it('posts the text and config with the apikey header, and returns the validated result', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, negatedResult()));
    const annotator = new RemoteAnnotator('http://svc.test/base/', 'secret', fetchImpl as unknown as typeof fetch);
    const result = await annotator.annotate('No refiere dolor en el brazo', { text_datetime: '2024-06-10T10:00:00' });
    expect(result).toEqual(negatedResult());
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://svc.test/base/tagger/annotation');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).apikey).toBe('secret');
    expect(JSON.parse(String(init?.body))).toEqual({
      text: 'No refiere dolor en el brazo',
      config: { text_datetime: '2024-06-10T10:00:00' },
    });
  });

  it('reads the category from whichever vendor key the service uses', async () => {
    const result = negatedResult();
    const renamed = { ...result, annotations: result.annotations.map((a) => ({ ...a, type: { umls: a.type.umls, acme: 'Finding' } })) };
    const annotator = new RemoteAnnotator('http://x', 'k', (async () => json(200, renamed)) as unknown as typeof fetch);
    const got = await annotator.annotate('t', {});
    const { categoryOf } = await import('../../core/contract.ts');
    expect(got.annotations.map((a) => categoryOf(a))).toEqual(['Finding', 'Finding', 'Finding']);
  });

  it.each([
    [401, 'unauthorized', /clave de API/],
    [413, 'too_large', /demasiado largo/],
    [429, 'rate_limited', /Demasiadas peticiones/],
    [400, 'bad_request', /rechazó/],
    [500, 'server_error', /HTTP 500/],
    [418, 'http_error', /HTTP 418/],
  ] as const)('maps HTTP %i to %s with a clear message and the service detail', async (status, kind, message) => {
    const error = await failure(json(status, { error: { code: 'some_code', message: 'Said the service.' } }));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.detail).toBe('some_code: Said the service.');
  });

  it('tells how long to wait on 429 when the service says so', async () => {
    const error = await failure(json(429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': '7' }));
    expect(error.message).toContain('7 s');
  });

  it('reports a service that cannot be reached', async () => {
    const error = await failure(new TypeError('Failed to fetch'));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toContain('http://svc.test');
  });

  it('refuses an answer that is not JSON', async () => {
    const error = await failure(new Response('<html>proxy error</html>', { status: 200 }));
    expect(error.kind).toBe('invalid_response');
  });

  it('refuses an answer that does not fit the contract, naming the problem', async () => {
    const bad = negatedResult();
    const broken = { ...bad, annotations: bad.annotations.map((a, i) => (i === 1 ? { ...a, head: 42 } : a)) };
    const error = await failure(json(200, broken));
    expect(error.kind).toBe('invalid_response');
    expect(error.detail).toContain('head 42 names no annotation');
    const noVersion = await failure(json(200, { annotations: [] }));
    expect(noVersion.detail).toContain('version');
  });

  it('says a missing key before anything is sent', async () => {
    const fetchImpl = vi.fn(async () => json(200, negatedResult()));
    const caught = await new RemoteAnnotator('http://svc.test', '  ', fetchImpl as unknown as typeof fetch)
      .annotate('tos', {})
      .catch((e: unknown) => e);
    expect(caught).toBeInstanceOf(AnnotatorError);
    expect((caught as AnnotatorError).kind).toBe('missing_key');
    expect((caught as AnnotatorError).message).toMatch(/Falta la clave de API/);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('builds the endpoint from a base with or without a trailing slash', () => {
    expect(annotationUrl('https://a.example/x/')).toBe('https://a.example/x/tagger/annotation');
    expect(annotationUrl(' https://a.example ')).toBe('https://a.example/tagger/annotation');
  });
});

describe('serviceDictionary', () => {
  const ask = (answer: Response | Error) =>
    serviceDictionary('http://svc.test/', undefined, (async (url: string) => {
      expect(url).toBe('http://svc.test/tagger/config');
      if (answer instanceof Error) throw answer;
      return answer;
    }) as unknown as typeof fetch);

  it('reads the id and hash the service names in /tagger/config', async () => {
    expect(await ask(json(200, { version: '0.1.0', dictionary: { id: 'glosa-es', content_hash: 'abc', term_count: 3 } }))).toEqual({
      id: 'glosa-es',
      content_hash: 'abc',
    });
    expect(await ask(json(200, { dictionary: { content_hash: 'abc' } }))).toEqual({ content_hash: 'abc' });
  });

  it('is null when the service names none, answers garbage or cannot be reached', async () => {
    expect(await ask(json(200, { version: '1' }))).toBeNull();
    expect(await ask(new Response('<html>', { status: 404 }))).toBeNull();
    expect(await ask(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('an answer that breaks the contract names the place in the note', () => {
  it('is the span of the first faulty annotation that gives one', () => {
    const body = {
      annotations: [
        { id: 0, code: { umls: 'C0015967' }, match: { begin: 0, end: 3 } },
        { id: 1, code: { umls: 'nope' }, match: { begin: 5, end: 11 } },
      ],
    };
    expect(spanOfIssues(body, [{ path: ['annotations', 1, 'code', 'umls'] }])).toEqual({ begin: 5, end: 11 });
    expect(spanOfIssues(body, [{ path: ['version'] }, { path: ['annotations', 0, 'type'] }])).toEqual({ begin: 0, end: 3 });
    // No usable offsets, or not about an annotation: no place.
    expect(
      spanOfIssues({ annotations: [{ match: { begin: -1, end: 2 } }] }, [{ path: ['annotations', 0, 'match', 'begin'] }]),
    ).toBeUndefined();
    expect(spanOfIssues({ annotations: [{ match: { begin: 4, end: 2 } }] }, [{ path: ['annotations', 0] }])).toBeUndefined();
    expect(spanOfIssues(body, [{ path: ['version'] }])).toBeUndefined();
    expect(spanOfIssues('x', [{ path: ['annotations', 0] }])).toBeUndefined();
  });

  it('is carried by the invalid_response error', async () => {
    const error = await failure(json(200, { annotations: [{ id: 0, code: { umls: 'nope' }, match: { begin: 2, end: 8 } }], version: '9' }));
    expect(error.kind).toBe('invalid_response');
    expect(error.span).toEqual({ begin: 2, end: 8 });
  });
});
