// The built SP-API catalog (what this app's build generates from the vendored models with its
// catalog-config.ts): every operation, unique bounded names, valid examples.
import { publishTool } from '@obmcp/contract/schema';
import type { Catalog } from '@obmcp/openapi-tools';
import { validates } from '@obmcp/openapi-tools/generate';
import { describe, expect, it } from 'vitest';
import { spCatalog } from '../src/operations/catalog.js';

/** Visits every keyword of every schema node (property names under `properties` are not keywords). */
function walk(node: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(node)) for (const v of node) walk(v, visit);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      visit(k, v);
      if (k === 'properties' && v && typeof v === 'object') for (const p of Object.values(v)) walk(p, visit);
      else if (k !== 'enum' && k !== 'const' && k !== 'default') walk(v, visit);
    }
}

describe('SP-API catalog', () => {
  const build: { catalog: Catalog } = { catalog: spCatalog() };
  it('holds all 370 operations', () => {
    expect(build.catalog.operations).toHaveLength(370);
  });

  it('gives unique snake_case names of at most 64 characters', { timeout: 60_000 }, () => {
    const names = build.catalog.operations.map((o) => o.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z0-9_]{1,64}$/);
  });

  it('stores self-contained schemas (no $ref, examples or x-*) whose published view, derived by the contract, is portable', {
    timeout: 120_000,
  }, () => {
    for (const op of build.catalog.operations) {
      walk(op.inputSchema, (key) => {
        expect(key, op.name).not.toBe('$ref');
        expect(key, op.name).not.toBe('examples');
        expect(key.startsWith('x-'), `${op.name} ${key}`).toBe(false);
      });
      expect(() => publishTool(op, op.inputSchema), op.name).not.toThrow();
    }
  });

  it('carries examples that validate, recipes covering every argument and the documented usage plans', {
    timeout: 120_000,
  }, () => {
    for (const op of build.catalog.operations) {
      expect(op.examples.length, op.name).toBeGreaterThan(0);
      for (const ex of op.examples) expect(validates(op.inputSchema, ex), op.name).toBe(true);
      const props = Object.keys((op.inputSchema.properties as object) ?? {});
      expect(op.recipe.params.map((p) => p.arg).sort()).toEqual(props.sort());
      expect(op.description.length).toBeLessThanOrEqual(300);
    }
    const byId = (id: string) => build.catalog.operations.find((o) => o.meta.operationId === id);
    expect(byId('getOrders')?.usagePlan).toEqual({ rate: 0.0167, burst: 20 });
    expect(byId('searchOrders')?.usagePlan).toEqual({ rate: 0.0056, burst: 20 });
    expect(byId('getReports')?.recipe.params.find((p) => p.arg === 'reportTypes')?.style).toBe('csv');
    expect(byId('createReport')?.writes).toBe(false);
    expect(byId('patchListingsItem')?.writes).toBe(true);
    expect(byId('getMyFeesEstimates')?.writes).toBe(false);
  });

  it('lists the documented example first where the sample is no request the API accepts', () => {
    const first = (id: string) =>
      build.catalog.operations.find((o) => o.meta.operationId === id)?.examples[0];
    expect(first('getOrderMetrics')).toEqual({
      marketplaceIds: ['ATVPDKIKX0DER'],
      interval: '2026-03-01T00:00:00-08:00--2026-03-04T00:00:00-08:00',
      granularityTimeZone: 'US/Pacific',
      granularity: 'Day',
    });
    for (const id of ['getMyFeesEstimateForASIN', 'getMyFeesEstimateForSKU'])
      expect(first(id)?.body, id).toHaveProperty('FeesEstimateRequest.Identifier', 'UmaS1');
  });
});
