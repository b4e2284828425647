// The input-validation envelope's _meta: the call's telemetry kept, hint categories and an unmapped keyword only when there are some.
import { describe, expect, test } from 'vitest';
import { sharedAjv } from '../src/validation/ajv.js';
import { validationEnvelope } from '../src/validation/validation-envelope.js';
import { expectSchemaValid } from './helpers.js';

function rejected(schema: Record<string, unknown>, args: unknown, meta?: Record<string, unknown>) {
  const validate = sharedAjv().compile(schema);
  expect(validate(args)).toBe(false);
  const envelope = validationEnvelope({
    tool: 'list_orders',
    schema,
    errors: validate.errors ?? [],
    args,
    examples: [{ n: 1 }],
    ...(meta ? { meta } : {}),
  });
  expectSchemaValid(envelope);
  return envelope;
}

describe('validationEnvelope', () => {
  test("keeps the call's telemetry and adds the hint categories used", () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    const envelope = rejected(schema, {}, { request_id: 'req-1' });
    expect(envelope).toMatchObject({
      error_kind: 'mcp_input_validation',
      tool: 'list_orders',
      error_code: 'SCHEMA_REQUIRED',
      retryable: false,
      examples: [{ n: 1 }],
    });
    expect(envelope._meta).toEqual({ request_id: 'req-1', hint_categories: ['missing_required'] });
  });

  test('no hint category, no mapped-out keyword: neither key is written', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', maxLength: 1 } } };
    const envelope = rejected(schema, { s: 'long' }, { request_id: 'req-2' });
    expect(envelope.error_code).toBe('SCHEMA_MAX_LENGTH');
    expect(envelope._meta).toEqual({ request_id: 'req-2' });
    expect(Object.keys(envelope._meta ?? {})).toEqual(['request_id']);
  });

  test('a keyword the mapping lacks is named in _meta.validator', () => {
    const schema = { type: 'object', properties: { n: { type: 'number', exclusiveMaximum: 5 } } };
    const envelope = rejected(schema, { n: 5 });
    expect(envelope._meta).toEqual({ validator: 'exclusiveMaximum' });
  });
});
