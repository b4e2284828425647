// One ajv instance for spec schemas: lax OpenAPI formats, compiled lazily and cached per schema object.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { type Direction, type Json, toJsonSchema } from './json-schema.js';

const addFormats = addFormatsModule.default;

/**
 * ISO 8601 date-time; the offset is optional (SP-API accepts `2023-01-20T17:50:53`) and may name hours
 * only (ISO 8601 allows it; the Services model's canned requests send `2020-04-01T10:00:00.00-07`).
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}(:?\d{2})?)?$/;

function createAjv(): Ajv {
  // Draft-07 (the specs' schemas are draft-04 style), unlike the contract's 2020 instance; logs off.
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    verbose: true,
    validateSchema: false,
    allowUnionTypes: true,
    ownProperties: true,
    logger: false,
    // The specs' patterns are written for non-unicode engines (e.g. `\_` escapes).
    unicodeRegExp: false,
    // Shared definitions compile once as functions instead of being inlined at every use.
    inlineRefs: false,
    code: { optimize: false },
  });
  addFormats(ajv);
  ajv.addFormat('date-time', DATE_TIME);
  // OpenAPI's numeric and binary formats carry no extra constraint for a JSON value.
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'decimal'])
    ajv.addFormat(name, true);
  return ajv;
}

const ajv = createAjv();
interface Compiled {
  json: Json;
  validate: ValidateFunction;
}
const compiled = new Map<Direction, WeakMap<object, Compiled>>([
  ['request', new WeakMap()],
  ['response', new WeakMap()],
]);

function compiledFor(schema: object, root: unknown, direction: Direction): Compiled {
  const cache = compiled.get(direction) as WeakMap<object, Compiled>;
  const hit = cache.get(schema);
  if (hit) return hit;
  const json = toJsonSchema(schema, root, direction);
  const entry = { json, validate: ajv.compile(json) };
  cache.set(schema, entry);
  return entry;
}

/** The compiled validator for a spec schema (`root` resolves its `$ref`s). */
export function validatorFor(schema: object, root: unknown, direction: Direction): ValidateFunction {
  return compiledFor(schema, root, direction).validate;
}

/** The JSON Schema a spec schema was converted to (its `$defs` resolve the `$ref`s inside it). */
export function convertedSchema(schema: object, root: unknown, direction: Direction): Json {
  return compiledFor(schema, root, direction).json;
}

export interface SchemaProblem {
  /** JSON pointer into the validated value. */
  pointer: string;
  message: string;
}

/** Validates and returns the problems (at most `limit`), most specific first. */
export function schemaProblems(
  schema: object,
  root: unknown,
  direction: Direction,
  value: unknown,
  limit = 10,
): SchemaProblem[] {
  const validate = validatorFor(schema, root, direction);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, limit).map(describe);
}

function describe(error: ErrorObject): SchemaProblem {
  const params = error.params as Json;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'additionalProperties')
    message = `has unknown property '${String(params.additionalProperty)}'`;
  return { pointer: error.instancePath, message };
}

/** The raw ajv errors of the last failed validation of `schema` (verbose: with parentSchema). */
export function schemaErrors(
  schema: object,
  root: unknown,
  direction: Direction,
  value: unknown,
): ErrorObject[] {
  const validate = validatorFor(schema, root, direction);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}
