// MCP_STRICT_UNKNOWN_FIELDS with the four additionalProperties rules, through the pipeline.
import { describe, expect, test } from 'vitest';
import { envelopeOf, hostWith, invoke, tool } from './helpers.js';

describe('MCP_STRICT_UNKNOWN_FIELDS and the four additionalProperties rules', () => {
  const props = { a: { type: 'integer' } };
  const tools = [
    tool('closed', { type: 'object', properties: props, additionalProperties: false, examples: [{}] }),
    tool('open', { type: 'object', properties: props, additionalProperties: true, examples: [{}] }),
    tool('typed', {
      type: 'object',
      properties: props,
      additionalProperties: { type: 'integer' },
      examples: [{}],
    }),
    tool('silent', {
      type: 'object',
      properties: { o: { type: 'object', properties: props } },
      examples: [{}],
    }),
    tool('composed', {
      type: 'object',
      properties: props,
      allOf: [{ required: ['a'] }],
      examples: [{ a: 1 }],
    }),
    tool('silentTop', { type: 'object', properties: props, examples: [{}] }),
    {
      ...tool('forwarding', { type: 'object', properties: props, examples: [{}] }, (args, call) => ({
        args,
        passthrough: call.passthrough ?? null,
      })),
      passthrough: 'query' as const,
    },
  ];
  const strict = hostWith(tools, { MCP_SCHEMA_KEY_NORMALIZATION_META: 'true' });
  const lax = hostWith(tools, {
    MCP_STRICT_UNKNOWN_FIELDS: 'false',
    MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
  });
  const published = (name: string) => strict.describe(name)?.inputSchema as Record<string, unknown>;

  test('false stays: extras rejected in both modes', async () => {
    for (const h of [strict, lax])
      expect((await envelopeOf(h, 'closed', { x: 1 })).error_code).toBe('SCHEMA_ADDITIONAL_PROPERTIES');
    expect(published('closed').additionalProperties).toBe(false);
  });

  test('true stays: extras accepted in strict mode, event says passed through', async () => {
    const out = await invoke(strict, 'open', { x: 1 });
    expect(out.outcome.ok).toBe(true);
    expect(out.meta.normalized).toEqual([
      { kind: 'unknown_field_passed_through', field: 'x', reason: 'no_schema_match' },
    ]);
    // The published (portable) view drops `additionalProperties: true`: omitting it means the same.
    expect(published('open').additionalProperties).toBeUndefined();
  });

  test('a sub-schema validates the extras', async () => {
    expect((await strict.call('typed', { x: 1 })).ok).toBe(true);
    const envelope = await envelopeOf(strict, 'typed', { x: 'one' });
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_TYPE_MISMATCH',
      details: [{ path: 'x', expected_type: 'integer' }],
    });
  });

  test('silent → false injected (nested too) when strict; extras pass when MCP_STRICT_UNKNOWN_FIELDS=false', async () => {
    expect(published('silent').additionalProperties).toBe(false);
    expect(
      (published('silent').properties as Record<string, Record<string, unknown>>).o?.additionalProperties,
    ).toBe(false);
    const envelope = await envelopeOf(strict, 'silent', { o: { a: 1, zz: 2 } });
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ path: 'o/zz', extra: 'zz' }],
    });
    expect(envelope._meta?.normalized).toEqual([
      { kind: 'unknown_field_rejected', field: 'o/zz', reason: 'no_schema_match' },
    ]);
    const out = await invoke(lax, 'silent', { o: { a: 1, zz: 2 } });
    expect(out.outcome).toEqual({ ok: true, value: { args: { o: { a: 1, zz: 2 } } } });
    expect(out.meta.normalized).toEqual([
      { kind: 'unknown_field_passed_through', field: 'o/zz', reason: 'no_schema_match' },
    ]);
  });

  test('allOf schemas are never injected; the event label follows the real outcome', async () => {
    expect(published('composed').additionalProperties).toBeUndefined();
    const out = await invoke(strict, 'composed', { a: 1, x: 2 });
    expect(out.outcome.ok).toBe(true);
    expect(out.meta.normalized).toEqual([
      { kind: 'unknown_field_passed_through', field: 'x', reason: 'no_schema_match' },
    ]);
  });

  test('strict off, no passthrough target: the top level stays closed (an unknown field could reach nothing)', async () => {
    expect(lax.describe('silentTop')?.inputSchema.additionalProperties).toBe(false);
    const envelope = await envelopeOf(lax, 'silentTop', { a: 1, zz: 2 });
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ extra: 'zz' }],
    });
    expect(envelope._meta?.normalized).toEqual([
      { kind: 'unknown_field_rejected', field: 'zz', reason: 'no_schema_match' },
    ]);
  });

  test('strict off, passthrough target: the field leaves args, travels as call.passthrough, event says passed through', async () => {
    expect(lax.describe('forwarding')?.inputSchema).not.toHaveProperty('additionalProperties');
    const out = await invoke(lax, 'forwarding', { a: 1, zz: [2, 3] });
    expect(out.outcome).toEqual({
      ok: true,
      value: { args: { a: 1 }, passthrough: { target: 'query', fields: { zz: [2, 3] } } },
    });
    expect(out.meta.normalized).toEqual([
      { kind: 'unknown_field_passed_through', field: 'zz', reason: 'no_schema_match' },
    ]);
    // no unknown field: no passthrough at all
    expect((await invoke(lax, 'forwarding', { a: 1 })).outcome).toEqual({
      ok: true,
      value: { args: { a: 1 }, passthrough: null },
    });
  });

  test('strict on, passthrough target: silent top level gets false injected → SCHEMA_ADDITIONAL_PROPERTIES', async () => {
    expect(published('forwarding').additionalProperties).toBe(false);
    const envelope = await envelopeOf(strict, 'forwarding', { a: 1, zz: 2 });
    expect(envelope).toMatchObject({
      error_code: 'SCHEMA_ADDITIONAL_PROPERTIES',
      details: [{ extra: 'zz' }],
    });
  });

  test('a passthrough target with a closed top level is a startup error', () => {
    const closed = { ...tools[0]!, passthrough: 'body' as const };
    expect(() => hostWith([closed])).toThrow(/declares passthrough/);
  });
});

describe('strict mode closes object schemas inside arrays too (mutation sample C4)', () => {
  const list = tool('list', {
    type: 'object',
    properties: {
      list: { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } } },
    },
    examples: [{}],
  });

  test('an unknown key in an array item is SCHEMA_ADDITIONAL_PROPERTIES under the default strict mode', async () => {
    const envelope = await envelopeOf(hostWith([list]), 'list', { list: [{ a: 1, zz: 2 }] });
    expect(envelope.error_code).toBe('SCHEMA_ADDITIONAL_PROPERTIES');
    expect(envelope.details[0]?.path).toBe('list/0/zz');
  });

  test('with strict mode off the same item is forwarded', async () => {
    const lax = hostWith([list], { MCP_STRICT_UNKNOWN_FIELDS: 'false' });
    expect((await lax.call('list', { list: [{ a: 1, zz: 2 }] })).ok).toBe(true);
  });
});
