// The shipped data: envelope schema = typed constant = published contract; fixtures validate; rejections hold.
import { existsSync, readdirSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import {
  ENVELOPE_SCHEMA,
  ERROR_CODE_MAPPING,
  ERROR_KINDS,
  NORMALIZATION_KINDS,
  SCHEMA_CODES,
} from '../src/index.js';
import { validateEnvelope } from '../src/entries/envelope.js';
import { FIXTURES, readJson } from './helpers.js';

const PUBLISHED = new URL('published/', FIXTURES);
const SPEC_DATA = new URL('spec-data/', FIXTURES);
/** CI has ../shared beside the clone; the copies are the source of truth when it is absent. */
const SHARED = new URL('../../../../shared/spec/data/', import.meta.url);
const hasShared = existsSync(SHARED);

const fixtureNames = readdirSync(PUBLISHED).filter((f) => f.endsWith('.json'));
type Fixture = { envelope?: Record<string, unknown>; response?: Record<string, unknown> };
const fixture = (name: string) => readJson(new URL(name, PUBLISHED)) as Fixture;
const validEnvelope = () =>
  structuredClone(fixture('sp_api_http_429.json').envelope) as Record<string, unknown>;
const accepts = (value: unknown) => validateEnvelope(value).valid;

describe('schemas/error-envelope.schema.json', () => {
  test('equals ENVELOPE_SCHEMA (the build emits it from the constant)', () => {
    expect(readJson(new URL('../schemas/error-envelope.schema.json', import.meta.url))).toEqual(
      ENVELOPE_SCHEMA,
    );
  });

  test('is the published contract schema (only $id and description differ)', () => {
    const published = readJson(new URL('error-envelope.schema.json', SPEC_DATA)) as Record<string, unknown>;
    const strip = (s: object) => ({ ...s, $id: 'x', description: 'x' });
    expect(strip(ENVELOPE_SCHEMA)).toEqual(strip(published));
  });

  test('taxonomy constants are the schema enums', () => {
    expect([...ERROR_KINDS]).toEqual(ENVELOPE_SCHEMA.properties.error_kind.enum);
    const kinds = ENVELOPE_SCHEMA.properties._meta.properties.normalized.items.properties.kind.enum;
    expect([...NORMALIZATION_KINDS]).toEqual(kinds);
  });
});

describe('published fixtures', () => {
  test('all 9 copies are present (and match ../shared when it is there)', () => {
    expect(fixtureNames).toHaveLength(9);
    if (!hasShared) return;
    const shared = readdirSync(new URL('fixtures/', SHARED)).filter((f) => f.endsWith('.json'));
    expect(fixtureNames.sort()).toEqual(shared.sort());
    for (const name of shared) expect(fixture(name)).toEqual(readJson(new URL(`fixtures/${name}`, SHARED)));
  });

  const metaValidator = new Ajv2020({ allErrors: true, strict: false }).compile({
    ...ENVELOPE_SCHEMA.properties._meta,
  });

  test.each(fixtureNames)('%s validates', (name) => {
    const { envelope, response } = fixture(name);
    if (envelope) {
      expect(validateEnvelope(envelope).errors).toEqual([]);
      return;
    }
    // Success fixtures: their `_meta` against the schema's `_meta` subschema, directly and inside an envelope.
    expect(response?._meta).toBeDefined();
    expect(metaValidator(response?._meta), JSON.stringify(metaValidator.errors)).toBe(true);
    expect(accepts({ ...validEnvelope(), _meta: response?._meta })).toBe(true);
  });
});

describe('rejections', () => {
  test.each(ENVELOPE_SCHEMA.required)('missing %s', (field) => {
    const env = validEnvelope();
    delete env[field];
    expect(accepts(env)).toBe(false);
  });

  test.each([
    ['unknown error_kind', { error_kind: 'teapot' }],
    ['lower-case error_code', { error_code: 'sp_api_http_429' }],
    ['error_code with a dash', { error_code: 'SP-API' }],
    ['error_code starting with a digit', { error_code: '4XX' }],
    ['empty tool', { tool: '' }],
    ['string _envelope_version', { _envelope_version: '1' }],
    ['non-string hint', { hints: [1] }],
    ['detail without received_type', { details: [{ path: '', issue: 'x' }] }],
  ])('%s', (_label, patch) => {
    expect(accepts({ ...validEnvelope(), ...patch })).toBe(false);
  });

  test.each(['limit_per_second', 'remaining', 'reset_at'])('null inside _meta.rate_limit.%s', (key) => {
    const env = validEnvelope();
    expect(accepts(env)).toBe(true);
    (env._meta as { rate_limit: Record<string, unknown> }).rate_limit[key] = null;
    expect(accepts(env)).toBe(false);
  });

  test('an invented key inside _meta.rate_limit, a negative retry_after_seconds', () => {
    const base = validEnvelope();
    expect(accepts({ ...base, _meta: { rate_limit: { limit: 1 } } })).toBe(false);
    expect(accepts({ ...base, _meta: { retry_after_seconds: -1 } })).toBe(false);
  });

  const withEvent = (event: Record<string, unknown>) => ({
    ...validEnvelope(),
    _meta: { normalized: [event] },
  });
  test.each([
    [{ kind: 'unknown_field_dropped', field: 'x' }],
    [{ kind: 'renamed', from: 'A' }],
    [{ kind: 'renamed', to: 'a' }],
    [{ kind: 'dropped_alias', from: 'A' }],
    [{ kind: 'coerced', field: 'a', from_type: 'string' }],
    [{ kind: 'unknown_field_passed_through' }],
    [{ kind: 'unknown_field_rejected', reason: 'no_schema_match' }],
    [{ field: 'x' }],
  ])('normalized event %j', (event) => {
    expect(accepts(withEvent(event))).toBe(false);
  });

  test('complete events of every kind are accepted', () => {
    const events = [
      { kind: 'renamed', from: 'A', to: 'a' },
      { kind: 'dropped_alias', from: 'A', canonical: 'a' },
      { kind: 'coerced', field: 'a', from_type: 'string', to_type: 'array' },
      { kind: 'unknown_field_passed_through', field: 'x' },
      { kind: 'unknown_field_rejected', field: 'x' },
    ];
    expect(accepts({ ...validEnvelope(), _meta: { normalized: events } })).toBe(true);
  });
});

describe('schemas/jsonschema_error_codes.json', () => {
  const shipped = readJson(new URL('../schemas/jsonschema_error_codes.json', import.meta.url));

  test('equals the published mapping (and ERROR_CODE_MAPPING)', () => {
    expect(shipped).toEqual(readJson(new URL('jsonschema_error_codes.json', SPEC_DATA)));
    if (hasShared) expect(shipped).toEqual(readJson(new URL('jsonschema_error_codes.json', SHARED)));
    expect(ERROR_CODE_MAPPING).toEqual(shipped);
  });

  test('every code it names is in SCHEMA_CODES', () => {
    const codes = [
      ...Object.values(ERROR_CODE_MAPPING.mapping).map((e) => e.error_code),
      ERROR_CODE_MAPPING.fallback.error_code,
      ...Object.keys(ERROR_CODE_MAPPING.domain_validators).filter((k) => !k.startsWith('_')),
    ];
    for (const code of codes) expect(SCHEMA_CODES).toContain(code);
  });
});
