// Validates bodies against the doc schemas (ajv loaded and compiled on first use so the preload stays cheap).
import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { DocSchema } from './common.js';
import { REQUEST_SCHEMAS, type RequestSchemaName } from './requests.js';
import { RESPONSE_SCHEMAS, type ResponseSchemaName } from './responses.js';

const require = createRequire(import.meta.url);

/** ajv and its formats are required on the first validation, not when the preload imports this module. */
function newAjv(): Ajv2020 {
  const { Ajv2020: AjvClass } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = (require('ajv-formats') as typeof import('ajv-formats')).default;
  const instance = new AjvClass({ allErrors: true, strict: false, allowUnionTypes: true, logger: false });
  addFormats(instance);
  return instance;
}

/** One violation: where (JSON pointer into the body) and what the docs require there. */
export interface DocIssue {
  pointer: string;
  message: string;
  /** ajv keyword: required, additionalProperties, enum, const, type, … */
  keyword: string;
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<DocSchema, ValidateFunction>();

function validatorOf(entry: DocSchema): ValidateFunction {
  let fn = compiled.get(entry);
  if (!fn) {
    ajv ??= newAjv();
    fn = ajv.compile(entry.schema);
    compiled.set(entry, fn);
  }
  return fn;
}

function issuesOf(entry: DocSchema, body: unknown): DocIssue[] {
  const fn = validatorOf(entry);
  if (fn(body)) return [];
  return (fn.errors ?? []).map((e) => {
    const extra =
      e.keyword === 'additionalProperties'
        ? `/${String((e.params as { additionalProperty?: unknown }).additionalProperty)}`
        : e.keyword === 'required'
          ? `/${String((e.params as { missingProperty?: unknown }).missingProperty)}`
          : '';
    const allowed =
      (e.params as { allowedValues?: unknown; allowedValue?: unknown }).allowedValues ??
      (e.params as { allowedValue?: unknown }).allowedValue;
    const message =
      e.keyword === 'additionalProperties'
        ? 'is not a documented field'
        : e.keyword === 'required'
          ? 'This field is required.'
          : allowed !== undefined
            ? `must be one of: ${[allowed].flat().join(', ')}`
            : (e.message ?? 'is invalid');
    return { pointer: `${e.instancePath}${extra}`, message, keyword: e.keyword };
  });
}

export function checkRequest(name: RequestSchemaName, body: unknown): DocIssue[] {
  return issuesOf(REQUEST_SCHEMAS[name], body);
}

export function checkResponse(name: ResponseSchemaName, body: unknown): DocIssue[] {
  return issuesOf(RESPONSE_SCHEMAS[name], body);
}
