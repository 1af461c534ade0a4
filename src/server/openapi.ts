/**
 * The OpenAPI 3.1 document, derived from the contract's zod schemas (whose JSON Schema dialect,
 * draft 2020-12, is OpenAPI 3.1's) and from the endpoint table.
 */
import { z } from 'zod';
import {
  AnnotationRequestSchema,
  AnnotationResultSchema,
  CATEGORIES,
  ErrorBodySchema,
  GLOSA_VERSION,
  TEXT_DATETIME_PATTERN,
} from '../core/index.ts';
import { API_KEY_HEADER } from './auth.ts';
import { ENDPOINTS, type Endpoint } from './endpoints.ts';
import { SERVICE_ERROR_STATUS } from './errors.ts';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonObject;
  return rest;
}

function requestSchema(): JsonObject {
  const schema = jsonSchema(AnnotationRequestSchema, 'input');
  // The real-calendar check is a refinement JSON Schema cannot carry; the shape it can.
  const config = (schema.properties as Record<string, JsonObject>).config as { properties: Record<string, JsonObject> };
  config.properties.text_datetime = { type: 'string', pattern: TEXT_DATETIME_PATTERN.source, examples: ['2024-06-10T12:00:00'] };
  return schema;
}

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });

function errorResponses(statuses: number[]): JsonObject {
  const entries = statuses.map((status) => {
    const codes = Object.entries(SERVICE_ERROR_STATUS)
      .filter(([, s]) => s === status)
      .map(([code]) => code);
    return [String(status), { description: `Error: ${codes.join(', ')}`, content: json('Error') }];
  });
  return Object.fromEntries(entries);
}

function operation(endpoint: Endpoint): JsonObject {
  const base: JsonObject = { summary: endpoint.summary, ...(endpoint.auth ? { security: [{ apiKey: [] }] } : { security: [] }) };
  if (endpoint.method === 'POST') {
    const parameters = endpoint.path.includes('{category}')
      ? [{ name: 'category', in: 'path', required: true, schema: { type: 'string', enum: [...CATEGORIES] } }]
      : [];
    return {
      ...base,
      parameters,
      requestBody: {
        required: true,
        description: 'Read as JSON whatever the Content-Type says.',
        content: json('AnnotationRequest'),
      },
      responses: {
        '200': { description: 'The annotation result.', content: json('AnnotationResult') },
        ...errorResponses([400, 401, 404, 413, 429, 500, 503]),
      },
    };
  }
  const content =
    endpoint.path === '/tagger/ping'
      ? { 'text/plain': { schema: { type: 'string', const: 'pong' } } }
      : { 'application/json': { schema: { type: 'object' } } };
  return { ...base, responses: { '200': { description: 'OK', content } } };
}

export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of ENDPOINTS) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Glosa annotation service',
      version: GLOSA_VERSION,
      description: 'Finds medical concepts in Spanish clinical text. Offsets count Unicode code points; `end` is exclusive.',
    },
    paths,
    components: {
      schemas: {
        AnnotationRequest: requestSchema(),
        AnnotationResult: jsonSchema(AnnotationResultSchema, 'output'),
        Error: jsonSchema(ErrorBodySchema, 'output'),
      },
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
    },
  };
}
