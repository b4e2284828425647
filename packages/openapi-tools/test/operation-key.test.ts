// The identity a request carries (limiter bucket, usage plan, logs): `<api>.<operationId>`, with the method only
// where a spec file repeats the operationId; pickInput's examples; readCatalog's folder reading.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogOperation, HttpMethod } from '../src/catalog-types.js';
import { operationKey } from '../src/operation-key.js';
import { pickInput } from '../src/pick-input.js';
import { byName, readCatalog } from '../src/read-catalog.js';

const op = (api: string, operationId: string, method: HttpMethod, name = operationId): CatalogOperation => ({
  name,
  title: operationId,
  description: operationId,
  toolset: api,
  writes: method !== 'GET',
  deprecated: false,
  inputSchema: { type: 'object', properties: {} },
  examples: [{}],
  recipe: { method, path: `/${operationId}`, params: [] },
  usagePlan: null,
  meta: { api, operationId, method, path: `/${operationId}` },
});

describe('operationKey', () => {
  const put = op('shippingV2', 'linkCarrierAccount', 'PUT');
  const post = op('shippingV2', 'linkCarrierAccount', 'POST');
  const single = op('shippingV2', 'getRates', 'POST');
  const elsewhere = op('ordersV0', 'getRates', 'GET');
  const catalog: Catalog = { format: 1, family: 'sp-api', operations: [put, post, single, elsewhere] };

  it('is <api>.<operationId>, the method appended only where the spec file repeats the operationId', () => {
    expect(operationKey(catalog, put)).toBe('shippingV2.linkCarrierAccount.PUT');
    expect(operationKey(catalog, post)).toBe('shippingV2.linkCarrierAccount.POST');
    expect(operationKey(catalog, single)).toBe('shippingV2.getRates');
    // The same operationId in another spec file is another operation, not a repeat.
    expect(operationKey(catalog, elsewhere)).toBe('ordersV0.getRates');
  });

  it('judges repeats per catalog', () => {
    const alone: Catalog = { format: 1, family: 'sp-api', operations: [put] };
    expect(operationKey(alone, put)).toBe('shippingV2.linkCarrierAccount');
    expect(operationKey(catalog, put)).toBe('shippingV2.linkCarrierAccount.PUT');
    expect(operationKey(alone, put)).toBe('shippingV2.linkCarrierAccount');
  });
});

describe('pickInput', () => {
  const orders: CatalogOperation = {
    ...op('ordersV0', 'getOrders', 'GET'),
    inputSchema: {
      type: 'object',
      properties: {
        MarketplaceIds: { type: 'array' },
        CreatedAfter: { type: 'string' },
        x: { type: 'number' },
      },
      required: ['MarketplaceIds', 'x'],
    },
    examples: [
      { MarketplaceIds: ['A'], CreatedAfter: '2026-01-01', x: 1 },
      { MarketplaceIds: ['A'], x: 2 },
      { MarketplaceIds: ['B'], x: 3 },
    ],
  };

  it('keeps the named arguments’ schemas and required flags; examples reduced to them, duplicates once', () => {
    expect(pickInput(orders, ['marketplaceids'])).toEqual({
      type: 'object',
      properties: { MarketplaceIds: { type: 'array' } },
      required: ['MarketplaceIds'],
      examples: [{ MarketplaceIds: ['A'] }, { MarketplaceIds: ['B'] }],
    });
  });

  it('no required list when no picked argument is required; an example without them is {}', () => {
    // Strict: an example without the picked argument has no such key at all (not one set to undefined).
    expect(pickInput(orders, ['createdAfter'])).toStrictEqual({
      type: 'object',
      properties: { CreatedAfter: { type: 'string' } },
      examples: [{ CreatedAfter: '2026-01-01' }, {}],
    });
  });

  it('takes the examples given, and gives [{}] when there are none', () => {
    expect(pickInput(orders, ['x'], [{ x: 9 }]).examples).toEqual([{ x: 9 }]);
    expect(pickInput({ ...orders, examples: [] }, ['x']).examples).toEqual([{}]);
    expect(pickInput(orders, ['x'], []).examples).toEqual([{}]);
  });

  it('reads an operation without properties or required as taking nothing', () => {
    const bare = { ...orders, inputSchema: { type: 'object' } };
    expect(() => pickInput(bare, ['x'])).toThrow('ordersV0 getOrders takes no argument x');
  });
});

describe('readCatalog', () => {
  const file = (api: string, operations: CatalogOperation[], extra: object = {}) =>
    JSON.stringify({ format: 1, family: 'amazon-ads', api, operations, ...extra });

  it('reads every *.catalog.json of the folder into one catalog sorted by tool name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    writeFileSync(join(dir, 'b.catalog.json'), file('b', [op('b', 'zeta', 'GET'), op('b', 'alpha', 'GET')]));
    writeFileSync(
      join(dir, 'a.catalog.json'),
      file('a', [{ ...op('a', 'mid', 'GET'), inputSchema: { $ref: '#/$defs/S' } }], {
        $defs: { S: { type: 'object', properties: { id: { type: 'string' } } } },
      }),
    );
    writeFileSync(join(dir, 'notes.json'), '{ not a catalog');
    const catalog = readCatalog(pathToFileURL(`${dir}/`));
    expect(catalog.format).toBe(1);
    expect(catalog.family).toBe('amazon-ads');
    expect(catalog.operations.map((o) => o.name)).toEqual(['alpha', 'mid', 'zeta']);
    expect(catalog.operations[1]?.inputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
  });

  it('refuses a folder without catalog files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    writeFileSync(join(dir, 'x.json'), '{}');
    expect(() => readCatalog(pathToFileURL(`${dir}/`))).toThrow(/no catalog files in/);
  });

  it('byName orders by name', () => {
    expect(byName(op('a', 'b', 'GET'), op('a', 'a', 'GET'))).toBeGreaterThan(0);
    expect(byName(op('a', 'a', 'GET'), op('a', 'b', 'GET'))).toBeLessThan(0);
  });
});
