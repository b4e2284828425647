// One catalog operation as the SP-API client is asked for it: its usage-plan key, method, filled path and query, header parameters, the errors-in-success flag, the RDT request; and each operation's limiter rule and rate sentence.
import type { CallContext } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { SpApiClient, SpRequest } from '../../src/http/client.js';
import { createOperations } from '../../src/operations/bind.js';
import { callOperation, spOperationKey } from '../../src/operations/call-operation.js';
import { spOperation } from '../../src/operations/catalog.js';
import { operationExecutor } from '../../src/operations/execute.js';
import { toolSplit } from '../../src/operations/listing.js';
import {
  operationRule,
  rateSentence,
  UNDOCUMENTED_RULE,
  usageRule,
} from '../../src/operations/usage-plan.js';
import { ROLES } from '../../src/restricted/restricted-operations.js';

const call = { signal: new AbortController().signal } as unknown as CallContext;

/** A client that records each request and answers `{ ok: <n> }`. */
function client() {
  const sent: SpRequest[] = [];
  const fake = {
    call: async (req: SpRequest) => {
      sent.push(req);
      return { status: 200, body: { ok: sent.length } };
    },
  } as unknown as SpApiClient;
  return { sent, client: fake };
}

describe('callOperation', () => {
  it('a GET: the operation key, its path and query; no accept of its own (JSON), no headers or flags', async () => {
    const { sent, client: c } = client();
    const op = spOperation(['ordersV0', 'getOrders']);
    const result = await callOperation(
      c,
      op,
      { MarketplaceIds: ['ATVPDKIKX0DER'], CreatedAfter: '2026-01-01' },
      call,
    );
    expect(result).toEqual({ status: 200, body: { ok: 1 } });
    expect(sent).toHaveLength(1);
    const req = sent[0] as SpRequest;
    expect(req.operation).toBe('ordersV0.getOrders');
    expect(req.method).toBe('GET');
    expect(req.path).toMatch(/^\/orders\/v0\/orders\?/);
    expect(req.path).toContain('MarketplaceIds=ATVPDKIKX0DER');
    expect(req.path).toContain('CreatedAfter=2026-01-01');
    expect(req).not.toHaveProperty('headers');
    expect(req).not.toHaveProperty('errorsInSuccess');
    expect(req).not.toHaveProperty('restrictedData');
    expect(req.accept).toBe('application/json');
  });

  it('header parameters go as headers (never accept or content-type), the body as JSON', async () => {
    const { sent, client: c } = client();
    const op = spOperation(['fbaInventory', 'addInventory']);
    await callOperation(c, op, { 'x-amzn-idempotency-token': 'tok-1', body: { inventoryItems: [] } }, call);
    const req = sent[0] as SpRequest;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/fba/inventory/v1/items/inventory');
    expect(req.headers).toEqual({ 'x-amzn-idempotency-token': 'tok-1' });
    expect(req.body).toEqual({ inventoryItems: [] });
  });

  it('an operation whose success body documents errors says so; a restricted report document asks for an RDT', async () => {
    const { sent, client: c } = client();
    await callOperation(
      c,
      spOperation(['supplySources_2020-07-01', 'archiveSupplySource']),
      { supplySourceId: 'S1' },
      call,
    );
    expect(sent[0]?.errorsInSuccess).toBe(true);
    expect(sent[0]?.method).toBe('DELETE');
    expect(sent[0]?.path).toBe('/supplySources/2020-07-01/supplySources/S1');
    await callOperation(
      c,
      spOperation(['reports_2021-06-30', 'getReportDocument']),
      { reportDocumentId: 'D1' },
      call,
      { restrictedData: { roles: [ROLES.shipping] } },
    );
    expect(sent[1]?.restrictedData).toEqual({ roles: [ROLES.shipping] });
    await callOperation(
      c,
      spOperation(['reports_2021-06-30', 'getReportDocument']),
      { reportDocumentId: 'D1' },
      call,
      {},
    );
    expect(sent[2]).not.toHaveProperty('restrictedData');
  });

  it('operationExecutor hands back the body; the binder calls the declared operation and appends its rate', async () => {
    const { sent, client: c } = client();
    expect(
      await operationExecutor(c)(spOperation(['ordersV0', 'getOrder']), { orderId: '1-2-3' }, call),
    ).toEqual({ ok: 1 });
    expect(sent[0]?.path).toBe('/orders/v0/orders/1-2-3');
    const tool = createOperations(c).one(['ordersV0', 'getOrder'], (send) => ({
      name: 'get_order_x',
      description: 'One order.',
      inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
      handler: (args: Record<string, unknown>, ctx: CallContext) => send(args, ctx),
    }));
    expect(tool.description).toBe('One order. Rate 0.5/s, burst 30.');
    await tool.handler({ orderId: '9-9-9' }, call);
    expect(sent[1]?.operation).toBe('ordersV0.getOrder');
  });
});

describe('usage plans', () => {
  it("an operation's documented plan, else one a second with a burst of five", () => {
    const getOrders = spOperation(['ordersV0', 'getOrders']);
    expect(usageRule(getOrders)).toEqual({ rate: 0.0167, burst: 20 });
    expect(rateSentence(getOrders)).toBe('Rate 0.0167/s, burst 20.');
    const undocumented = spOperation(['fbaInventory', 'addInventory']);
    expect(usageRule(undocumented)).toBe(UNDOCUMENTED_RULE);
    expect(UNDOCUMENTED_RULE).toEqual({ rate: 1, burst: 5 });
    expect(rateSentence(undocumented)).toBeUndefined();
    expect(operationRule(spOperationKey(getOrders))).toEqual({ rate: 0.0167, burst: 20 });
    expect(operationRule('fbaInventory.addInventory')).toEqual({ rate: 1, burst: 5 });
    expect(operationRule('nope.nothing')).toBeUndefined();
  });
});

describe('toolSplit', () => {
  it('an unknown SP_API_TOOLSETS name stops startup with the variable named', () => {
    expect(() =>
      toolSplit({ toolsets: 'no-such-toolset', enableWrites: false }, [], async () => undefined),
    ).toThrow(/^SP_API_TOOLSETS: /);
  });

  it("generated tools of restricted operations say they return personal data; listed ones are the default's", () => {
    const split = toolSplit({ toolsets: 'orders', enableWrites: false }, [], async () => undefined);
    const getOrderAddress = [...split.listed, ...split.hidden].find((t) => t.name === 'get_order_address');
    expect(getOrderAddress?.description).toMatch(
      /Returns personal data: a restricted-data token is requested automatically/,
    );
    const all = toolSplit({ toolsets: undefined, enableWrites: false }, [], async () => undefined);
    expect(all.listed.length).toBeLessThan(all.listed.length + all.hidden.length);
  });
});
