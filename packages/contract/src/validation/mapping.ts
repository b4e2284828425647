// The canonical validator → SCHEMA_* mapping (shipped JSON) and its template renderer.
import { readFileSync } from 'node:fs';

export interface MappingEntry {
  error_code: string;
  summary_template: string;
  hint: string;
}
export interface ErrorCodeMapping {
  mapping: Record<string, MappingEntry>;
  fallback: MappingEntry;
  domain_validators: Record<string, unknown>;
  [key: string]: unknown;
}

const MAPPING_URL = new URL('../../schemas/jsonschema_error_codes.json', import.meta.url);

/** The raw shipped file text: get_envelope_contract serves it byte-identical on every server. */
export const ERROR_CODE_MAPPING_TEXT: string = readFileSync(MAPPING_URL, 'utf8');
export const ERROR_CODE_MAPPING: ErrorCodeMapping = JSON.parse(ERROR_CODE_MAPPING_TEXT) as ErrorCodeMapping;

export function mappingFor(keyword: string): { entry: MappingEntry; known: boolean } {
  const entry = ERROR_CODE_MAPPING.mapping[keyword];
  return entry ? { entry, known: true } : { entry: ERROR_CODE_MAPPING.fallback, known: false };
}

export function render(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) return name === 'path' ? '(root)' : `{${name}}`;
    if (Array.isArray(v))
      return v
        .slice(0, 20)
        .map((x) => (typeof x === 'string' ? x : safeJson(x)))
        .join(', ');
    return typeof v === 'string' ? (v === '' && name === 'path' ? '(root)' : v) : safeJson(v);
  });
}

/** JSON for a template value: bounded, and never throws (cycles, depth, BigInt). */
function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  } catch {
    return String(typeof value);
  }
}
