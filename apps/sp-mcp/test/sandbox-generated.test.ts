// Audit S1-4, generated tools: a published example is the model's canned static-sandbox request
// wherever that request fits the official schema (completed with required arguments it leaves out), and
// over stdio with SP_API_SANDBOX=true those examples get the sandbox's canned answers.
import { OPERATION_META_KEY, type CatalogOperation, type OperationMeta } from '@obmcp/openapi-tools';
import { validates } from '@obmcp/openapi-tools/generate';
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spCatalog } from '../src/operations/catalog.js';
import { curatedOperations } from './support/curated-tools.js';

const CURATED_OPERATIONS = curatedOperations();
import { cannedOperations } from './support/canned.js';
import { startSpAll } from './support/start-all.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const MISFITS = [
  'check_inbound_eligibility',
  'create_inbound',
  'create_invoices_export',
  'create_packages',
  'create_shipment_shipping',
  'create_transaction',
  'create_transfer_schedule',
  'generate_transportation_options',
  'get_invoices',
  'get_purchase_orders',
  'get_purchase_orders_status',
  'get_shipment_items',
  'list_financial_event_groups',
  'list_transactions',
  'purchase_shipment_v1',
  'submit_shipment_status_updates_v1',
  'update_package_external_fulfillment',
];

interface Verdict {
  /** Generated operations with an example carrying every canned value (that example only). */
  canned: CatalogOperation[];
  /** The canned values fit the schema, yet the first example lacks them (a generator fault). */
  missed: string[];
  /** The canned values break the official schema (e.g. a date-time without an offset). */
  misfit: string[];
}

function verdict(): Verdict {
  const cases = cannedOperations();
  const curated = new Set(Object.values(CURATED_OPERATIONS).map(([api, id]) => `${api} ${id}`));
  const out: Verdict = { canned: [], missed: [], misfit: [] };
  for (const op of spCatalog().operations) {
    if (curated.has(`${op.meta.api} ${op.meta.operationId}`)) continue;
    const c = cases.get(`${op.meta.api} ${op.meta.operationId}`);
    if (!c?.values) continue;
    const expected: Record<string, unknown> = {};
    for (const p of op.recipe.params) {
      const v = p.in === 'body' ? (c.values[c.bodyName ?? 'body'] ?? c.values.body) : c.values[p.name];
      if (v !== undefined) expected[p.arg] = v;
    }
    if (Object.keys(expected).length === 0) continue; // its canned parameters are no tool argument
    const carries = (example: Record<string, unknown>) =>
      Object.entries(expected).every(([k, v]) => same(example[k], v));
    const example = op.examples.find(carries);
    if (example) out.canned.push({ ...op, examples: [example] });
    else if (validates(op.inputSchema, { ...(op.examples[0] ?? {}), ...expected })) out.missed.push(op.name);
    else out.misfit.push(op.name);
  }
  return out;
}

describe('generated tools in sandbox mode (audit S1-4)', () => {
  const { canned, missed, misfit } = verdict();

  it('an example is the canned request wherever it fits the official schema', () => {
    expect(missed).toEqual([]);
    expect(canned.length).toBeGreaterThanOrEqual(220);
    // Their canned values break the model's own schema (a date-time without an offset, a date where a
    // date-time is declared, a value outside a pattern …): no valid example can carry them (BEHAVIOR.md).
    expect(misfit.sort()).toEqual(MISFITS);
  });

  describe('over stdio with SP_API_SANDBOX=true', () => {
    let sp: TestServer;
    const nameOf = new Map<string, string>();
    beforeAll(async () => {
      sp = await startSpAll({ SP_API_SANDBOX: 'true', SP_API_SELLER_ID: 'A2MOCKSELLER01' });
      for (const tool of (await sp.client.listTools()).tools) {
        const meta = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
        if (meta) nameOf.set(`${meta.api} ${meta.operationId}`, tool.name);
      }
    }, 60_000);
    afterAll(async () => {
      await sp.close();
    });

    it('every generated tool with a canned example gets the canned answer', {
      timeout: 600_000,
    }, async () => {
      const failures: string[] = [];
      for (const op of canned) {
        const name = nameOf.get(`${op.meta.api} ${op.meta.operationId}`) ?? op.name;
        const { envelope } = await callTool(sp.client, name, op.examples[0] ?? {});
        if (envelope) failures.push(`${name}: ${envelope.error_code} ${envelope.summary}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
