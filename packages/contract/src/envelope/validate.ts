// Validates values against the v1 envelope schema (compiled once on the shared ajv instance).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { sharedAjv } from '../validation/ajv.js';
import { ENVELOPE_SCHEMA } from './schema.js';
import type { Envelope } from './types.js';

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

/** Cheap structural guard: an object that says it is a v1 envelope. */
export function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v._envelope_version === 1 && typeof v.error_kind === 'string' && typeof v.error_code === 'string';
}
