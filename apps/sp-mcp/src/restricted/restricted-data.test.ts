// RestrictedData.scopeFor: which calls get an RDT scope, and what _meta says when PII is withheld.
import type { CallContext } from '@obmcp/contract';
import { createMetaCollector } from '@obmcp/contract/testing';
import type { TokenAuth } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { parseRdtScope, RDT_SCOPE_PREFIX, type Rdt } from '../auth/rdt-auth.js';
import { RestrictedData } from './restricted-data.js';

function setup(options: { enabled?: boolean; sandbox?: boolean; withheld?: Rdt['withheld'] } = {}) {
  const asked: string[] = [];
  const rdt = {
    token: async (scope: string) => {
      asked.push(scope);
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
  return { restricted, asked, call, meta };
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
});
