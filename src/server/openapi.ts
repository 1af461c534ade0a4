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
import { MAX_BATCH_DOCUMENTS } from './routes/annotation.ts';

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

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });

function errorResponses(statuses: number[]): JsonObject {
  const entries = statuses.map((status) => {
    const codes = Object.entries(SERVICE_ERROR_STATUS)
      .filter(([, s]) => s === status)
      .map(([code]) => code);
    return [String(status), { description: `Error: ${codes.join(', ')}`, content: json('Error') }];
  });
  return Object.fromEntries(entries);
}

/** `POST /tagger/annotations`: up to 25 documents, each answered with its result or its error. */
function batchSchemas(): Record<string, JsonObject> {
  const request = requestSchema() as { properties: Record<string, JsonObject> };
  return {
    BatchRequest: {
      type: 'object',
      required: ['documents'],
      properties: {
        documents: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_BATCH_DOCUMENTS,
          items: {
            type: 'object',
            required: ['id', 'text'],
            properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, ...request.properties },
          },
        },
      },
    },
    BatchResult: {
      type: 'object',
      required: ['documents', 'errors'],
      properties: {
        documents: {
          type: 'array',
          items: { type: 'object', required: ['id', 'result'], properties: { id: { type: 'string' }, result: ref('AnnotationResult') } },
        },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'error'],
            properties: { id: { type: 'string' }, error: { $ref: '#/components/schemas/Error/properties/error' } },
          },
        },
      },
    },
  };
}

const BATCH_PATH = '/tagger/annotations';

function operation(endpoint: Endpoint): JsonObject {
  const base: JsonObject = { summary: endpoint.summary, ...(endpoint.auth ? { security: [{ apiKey: [] }] } : { security: [] }) };
  if (endpoint.path === BATCH_PATH) {
    return {
      ...base,
      requestBody: { required: true, description: 'Read as JSON whatever the Content-Type says.', content: json('BatchRequest') },
      responses: {
        '200': { description: 'Each document: its result, or its error.', content: json('BatchResult') },
        ...errorResponses([400, 401, 413, 415, 429, 500, 503]),
      },
    };
  }
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
        ...errorResponses([400, 401, 404, 413, 415, 429, 500, 503]),
      },
    };
  }
  const content =
    endpoint.path === '/tagger/ping'
      ? { 'text/plain': { schema: { type: 'string', const: 'pong' } } }
      : endpoint.path === '/metrics'
        ? { 'text/plain': { schema: { type: 'string', description: 'Prometheus text format' } } }
        : { 'application/json': { schema: { type: 'object' } } };
  const notReady = endpoint.path === '/ready' ? { '503': { description: 'Starting or draining: not_ready', content: json('Error') } } : {};
  return { ...base, responses: { '200': { description: 'OK', content }, ...notReady } };
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
        ...batchSchemas(),
      },
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
    },
  };
}
