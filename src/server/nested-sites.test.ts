/** `glosa serve --nested-sites`: a deployment's default that a request's config.nested_sites overrides. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, TEST_KEY } from './testing/fixture.ts';

const annotate = (app: FastifyInstance, payload: NonNullable<InjectOptions['payload']>) =>
  app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload });
const texts = (body: { annotations: { match: { text: string } }[] }): string[] => body.annotations.map((a) => a.match.text);

describe('nested sites in the service', () => {
  let plain: FastifyInstance;
  let nested: FastifyInstance;
  beforeAll(async () => {
    plain = await buildTestServer();
    nested = await buildTestServer({ nestedSites: true });
  });
  afterAll(async () => {
    await plain.close();
    await nested.close();
  });

  it('emits sites inside concepts by request, or by the deployment default unless the request says false', async () => {
    const text = 'Cáncer de esófago.';
    expect(texts((await annotate(plain, { text })).json())).toEqual(['Cáncer de esófago']);
    expect(texts((await annotate(plain, { text, config: { nested_sites: true } })).json())).toEqual(['Cáncer de esófago', 'esófago']);
    expect(texts((await annotate(nested, { text })).json())).toEqual(['Cáncer de esófago', 'esófago']);
    expect(texts((await annotate(nested, { text, config: { nested_sites: false } })).json())).toEqual(['Cáncer de esófago']);
  });

  it('rejects a nested_sites that is not true or false with invalid_config', async () => {
    const response = await annotate(plain, { text: 'x', config: { nested_sites: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_config', message: '"config.nested_sites" must be true or false.' });
  });
});
