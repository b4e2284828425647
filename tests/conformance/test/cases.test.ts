// The bad-input generator derives each case from a schema + valid example, and skips absent features.
import { exampleTools } from '../../../packages/contract/dist/example/example-tools.js';
import { describe, expect, it } from 'vitest';
import { CASE_KINDS, DEFAULT_SWITCHES, generateCases } from '../src/index.js';

const listOrders = {
  name: 'list_orders',
  inputSchema: exampleTools[0]!.inputSchema,
  _meta: { 'io.obmcp/examples': exampleTools[0]!.inputSchema.examples },
};
const byKind = (switches = DEFAULT_SWITCHES) =>
  new Map(generateCases(listOrders, switches, CASE_KINDS).cases.map((c) => [c.kind, c]));

describe('generateCases', () => {
  it('derives every applicable case from the first valid example', () => {
    const cases = byKind();
    expect(cases.get('missing_required')?.args).toEqual({});
    expect(cases.get('wrong_type')?.expect).toMatchObject({ codes: ['SCHEMA_TYPE_MISMATCH'] });
    expect(cases.get('nested_wrong_type')?.expect).toMatchObject({ path: 'filters/0/marketplaceId' });
    expect(cases.get('enum_miss')?.args).toEqual({ marketplaceIds: ['zz_not_in_enum'] });
    expect(cases.get('array_too_long')?.args.marketplaceIds).toHaveLength(3);
    expect(cases.get('case_mismatch')?.args).toEqual({ MarketplaceIds: ['ATVPDKIKX0DER'] });
    expect(cases.get('scalar_for_array')?.args).toEqual({ marketplaceIds: 'ATVPDKIKX0DER' });
    expect(cases.get('unknown_key')?.expect).toMatchObject({
      type: 'error',
      codes: ['SCHEMA_ADDITIONAL_PROPERTIES'],
    });
  });

  it('skips a case when the schema has no such feature', () => {
    const { skipped } = generateCases(listOrders, DEFAULT_SWITCHES, CASE_KINDS);
    expect(skipped).toEqual(['string_too_long']);
    const bare = generateCases(
      { name: 'x', inputSchema: { type: 'object', properties: {} }, _meta: { 'io.obmcp/examples': [{}] } },
      DEFAULT_SWITCHES,
      CASE_KINDS,
    );
    expect(bare.cases.map((c) => c.kind)).toEqual(['unknown_key']);
  });

  it('follows the env switches', () => {
    const off = byKind({ ...DEFAULT_SWITCHES, normalizationEnabled: false });
    expect(off.get('case_mismatch')?.expect).toMatchObject({
      type: 'error',
      codes: ['SCHEMA_REQUIRED', 'SCHEMA_ADDITIONAL_PROPERTIES'],
      hintCategory: 'case_mismatch',
    });
    expect(off.get('scalar_for_array')?.expect).toMatchObject({
      type: 'error',
      codes: ['SCHEMA_TYPE_MISMATCH'],
    });
    const loose = generateCases(
      {
        name: 'x',
        inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
        _meta: { 'io.obmcp/examples': [{ a: 'b' }] },
      },
      { ...DEFAULT_SWITCHES, strictUnknown: false },
      ['unknown_key'],
    );
    expect(loose.cases[0]?.expect).toEqual({
      type: 'accepted',
      event: { kind: 'unknown_field_passed_through', match: { field: 'zz_conformance_unknown' } },
    });
  });
});
