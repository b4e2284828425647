// Cheap structural guard for a v1 envelope, without the validator (no ajv on this path).
import type { Envelope } from './types.js';

/** Cheap structural guard: an object that says it is a v1 envelope. */
export function isEnvelope(value: unknown): value is Envelope {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return v._envelope_version === 1 && typeof v.error_kind === 'string' && typeof v.error_code === 'string';
}
