// RestrictedData.scopeFor: which calls get an RDT scope, and what _meta says when PII is withheld.
import type { CallContext } from '@obmcp/contract';
import { createMetaCollector } from '@obmcp/mcp-server/testing';
import type { TokenAuth } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { parseRdtScope, RDT_SCOPE_PREFIX, type Rdt } from '../../src/auth/rdt-auth.js';
import { RestrictedData } from '../../src/restricted/restricted-data.js';

function setup(options: { enabled?: boolean; sandbox?: boolean; withheld?: Rdt['withheld'] } = {}) {
  const asked: string[] = [];
  const signals: AbortSignal[] = [];
  const rdt = {
    token: async (scope: string, signal: AbortSignal) => {
      asked.push(scope);
      signals.push(signal);
      return { token: 'rdt', withheld: options.withheld ?? [] };
    },
  } as unknown as TokenAuth<Rdt>;
  const restricted = new RestrictedData({
    rdt,
    enabled: options.enabled ?? true,
    sandbox: () => options.sandbox ?? false,
  });
  const meta = createMetaCollector();
  const call = { signal: new AbortController().signal, meta } as unknown as CallContext;
  return { restricted, asked, signals, call, meta };
}

const ORDER = { method: 'GET', path: '/orders/v0/orders/902-3159896-1390916' };

describe('RestrictedData.scopeFor', () => {
  it('a restricted operation gets an RDT scope for (identity, generic path, dataElements)', async () => {
    const { restricted, asked, call } = setup();
    const scope = await restricted.scopeFor(ORDER, 'seller-a', call);
    expect(scope.startsWith(RDT_SCOPE_PREFIX)).toBe(true);
    expect(parseRdtScope(scope)).toMatchObject({
      identity: 'seller-a',
      operationId: 'getOrder',
      resource: { method: 'GET', path: '/orders/v0/orders/{orderId}' },
    });
    expect(asked).toEqual([scope]);
  });

  it('unrestricted calls, the sandbox and a conditional operation without restrictedData keep the LWA identity', async () => {
    const { restricted, asked, call } = setup();
    expect(await restricted.scopeFor({ method: 'GET', path: '/orders/2026-01-01/orders' }, 'a', call)).toBe(
      'a',
    );
    const doc = { method: 'GET', path: '/reports/2021-06-30/documents/d1' };
    expect(await restricted.scopeFor(doc, 'a', call)).toBe('a');
    const sandbox = setup({ sandbox: true });
    expect(await sandbox.restricted.scopeFor(ORDER, 'a', sandbox.call)).toBe('a');
    expect([...asked, ...sandbox.asked]).toEqual([]);
    const restrictedDoc = await restricted.scopeFor({ ...doc, restrictedData: { roles: [] } }, 'a', call);
    expect(restrictedDoc.startsWith(RDT_SCOPE_PREFIX)).toBe(true);
  });

  it('switched off: the LWA identity and a partial_results warning', async () => {
    const { restricted, asked, call, meta } = setup({ enabled: false });
    expect(await restricted.scopeFor(ORDER, 'a', call)).toBe('a');
    expect(asked).toEqual([]);
    expect(meta.snapshot().warnings).toMatchObject([{ kind: 'partial_results' }]);
  });

  it('withheld data elements are named in a partial_results warning', async () => {
    const { restricted, call, meta } = setup({ withheld: ['buyerInfo'] });
    await restricted.scopeFor(ORDER, 'a', call);
    expect(meta.snapshot().warnings).toMatchObject([
      { kind: 'partial_results', summary: expect.stringMatching(/buyerInfo/) },
    ]);
  });

  it('asks for the operation roles, or the roles the call names, with the call signal', async () => {
    const { restricted, signals, call } = setup();
    const own = parseRdtScope(await restricted.scopeFor(ORDER, 'a', call));
    expect(own.roles).toEqual([
      'Direct-to-Consumer Shipping (Restricted)',
      'Tax Invoicing (Restricted)',
      'Tax Remittance (Restricted)',
    ]);
    const doc = { method: 'GET', path: '/reports/2021-06-30/documents/d1' };
    const named = { ...doc, restrictedData: { roles: ['Tax Invoicing (Restricted)' as const] } };
    const scope = parseRdtScope(await restricted.scopeFor(named, 'a', call));
    expect(scope).toMatchObject({
      operationId: 'getReportDocument',
      roles: ['Tax Invoicing (Restricted)'],
      resource: { method: 'GET', path: '/reports/2021-06-30/documents/d1' },
    });
    expect(signals).toEqual([call.signal, call.signal]);
  });

  it('switched off: the warning names the operation and how to turn RDTs back on', async () => {
    const { restricted, call, meta } = setup({ enabled: false });
    await restricted.scopeFor(ORDER, 'a', call);
    expect(meta.snapshot().warnings).toEqual([
      {
        kind: 'partial_results',
        summary:
          'getOrder returns personal data only with a restricted-data token; SP_API_RESTRICTED_DATA_TOKENS=false, so it is withheld from this result.',
        details: [],
        hints: ['Unset SP_API_RESTRICTED_DATA_TOKENS (or set it to true) to request RDTs automatically.'],
      },
    ]);
    const off = setup({ enabled: false });
    await off.restricted.scopeFor({ method: 'GET', path: '/reports/2021-06-30/documents/d1' }, 'a', off.call);
    expect(off.meta.snapshot().warnings ?? []).toEqual([]);
  });

  it('withheld: the warning names every withheld element and the roles that grant them; none when nothing is withheld', async () => {
    const { restricted, call, meta } = setup({ withheld: ['buyerInfo', 'shippingAddress'] });
    await restricted.scopeFor(ORDER, 'a', call);
    expect(meta.snapshot().warnings).toEqual([
      {
        kind: 'partial_results',
        summary:
          'Personal data withheld: the Tokens API granted no access to buyerInfo, shippingAddress for getOrder.',
        details: [],
        hints: [
          'Reading buyerInfo, shippingAddress needs one of the roles Direct-to-Consumer Shipping (Restricted), Tax Invoicing (Restricted), Tax Remittance (Restricted).',
        ],
      },
    ]);
    const granted = setup();
    await granted.restricted.scopeFor(ORDER, 'a', granted.call);
    expect(granted.meta.snapshot().warnings ?? []).toEqual([]);
  });
});
