// Validates values against the v1 envelope schema (compiled once on the shared ajv instance).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { sharedAjv } from '../validation/ajv.js';
import { ENVELOPE_SCHEMA } from './schema.js';

let compiled: ValidateFunction | undefined;

function validator() {
  compiled ??= sharedAjv().compile(ENVELOPE_SCHEMA as object);
  return compiled;
}

export function validateEnvelope(value: unknown): { valid: boolean; errors: ErrorObject[] } {
  const validate = validator();
  const valid = validate(value) as boolean;
  return { valid, errors: valid ? [] : [...(validate.errors ?? [])] };
}
