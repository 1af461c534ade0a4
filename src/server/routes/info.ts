/** The open, read-only endpoints: ping, config, the endpoint list and OpenAPI. */
import type { FastifyInstance } from 'fastify';
import { CATEGORIES, CONTRACT_VERSION, GLOSA_VERSION, type DictionaryMeta } from '../../core/index.ts';
import { ENDPOINTS } from '../endpoints.ts';
import { buildOpenApiDocument } from '../openapi.ts';

export interface InfoOptions {
  readonly dictionary: DictionaryMeta;
  readonly vendorKey: string;
  readonly maxTextCodePoints: number;
}

export function serviceConfig(options: InfoOptions) {
  const d = options.dictionary;
  return {
    version: GLOSA_VERSION,
    contract_version: CONTRACT_VERSION,
    max_num_characters: options.maxTextCodePoints,
    vendor_key: options.vendorKey,
    categories: CATEGORIES,
    dictionary: {
      id: d.id,
      name: d.name,
      content_hash: d.contentHash,
      format_version: d.formatVersion,
      concept_count: d.conceptCount,
      term_count: d.termCount,
    },
  };
}

export function registerInfoRoutes(app: FastifyInstance, options: InfoOptions): void {
  const config = serviceConfig(options);
  const openApi = buildOpenApiDocument();

  app.get('/tagger/ping', (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'));
  app.get('/tagger/config', () => config);
  app.get('/tagger', () => ({ endpoints: ENDPOINTS }));
  app.get('/openapi.json', () => openApi);
}
