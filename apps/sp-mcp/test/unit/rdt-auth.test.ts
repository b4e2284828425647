// The RDT plug-in's cache: a plain-string scope that round-trips, one Tokens call per resource, bounded size.
import type { Pipeline } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/restricted/restricted-operations.js';
import { createRdtAuth, parseRdtScope, type RdtRequest, rdtScope } from '../../src/auth/rdt-auth.js';

const ORDER: RdtRequest = {
  identity: 'us-main.2',
  operationId: 'getOrder',
  resource: {
    method: 'GET',
    path: '/orders/v0/orders/{orderId}',
    dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
  },
  roles: [ROLES.shipping, ROLES.invoicing, ROLES.remittance],
};

const documentRequest = (id: string): RdtRequest => ({
  identity: 'default',
  operationId: 'getReportDocument',
  resource: { method: 'GET', path: `/reports/2021-06-30/documents/${encodeURIComponent(id)}` },
  roles: [ROLES.remittance],
});

/** A pipeline whose only exchange is the Tokens API, counting its calls. */
function tokensApi() {
  const asked: string[] = [];
  const pipeline = {
    exchange: async (req: { body: { restrictedResources: Array<{ path: string }> } }) => {
      asked.push(req.body.restrictedResources[0]?.path ?? '');
      return { status: 200, body: { restrictedDataToken: `Atz.sprdt|${asked.length}`, expiresIn: 3600 } };
    },
  } as unknown as Pipeline;
  return { asked, pipeline: () => pipeline };
}

describe('rdtScope', () => {
  it('is a plain string that names identity, method, path and dataElements, and parses back to the request', () => {
    const scope = rdtScope(ORDER);
    expect(scope).toBe(
      'rdt:us-main.2 GET /orders/v0/orders/{orderId} buyerInfo,shippingAddress,buyerTaxInformation getOrder Direct-to-Consumer Shipping (Restricted)|Tax Invoicing (Restricted)|Tax Remittance (Restricted)',
    );
    expect(parseRdtScope(scope)).toEqual(ORDER);
    const doc = documentRequest('amzn1.tortuga.4.na.T1 with space');
    expect(parseRdtScope(rdtScope(doc))).toEqual(doc);
    const noRoles = { ...doc, roles: [] };
    expect(parseRdtScope(rdtScope(noRoles))).toEqual(noRoles);
  });

  it('differs whenever identity, path or dataElements differ', () => {
    const scopes = new Set([
      rdtScope(ORDER),
      rdtScope({ ...ORDER, identity: 'eu-main' }),
      rdtScope({ ...ORDER, resource: { ...ORDER.resource, dataElements: ['buyerInfo'] } }),
      rdtScope(documentRequest('d1')),
      rdtScope(documentRequest('d2')),
    ]);
    expect(scopes.size).toBe(5);
  });
});

describe('the RDT cache', () => {
  it('one Tokens API call per resource while fresh', async () => {
    const { asked, pipeline } = tokensApi();
    const rdt = createRdtAuth(pipeline);
    const first = await rdt.token(rdtScope(ORDER));
    expect(await rdt.token(rdtScope(ORDER))).toEqual(first);
    expect(asked).toEqual(['/orders/v0/orders/{orderId}']);
  });

  it('many report documents: bounded by maxEntries, the least recently used forgotten (asked again)', async () => {
    const { asked, pipeline } = tokensApi();
    const rdt = createRdtAuth(pipeline, { maxEntries: 10 });
    await rdt.token(rdtScope(ORDER));
    for (let i = 0; i < 200; i++) {
      await rdt.token(rdtScope(documentRequest(`doc-${i}`)));
      await rdt.token(rdtScope(ORDER)); // the order token stays in use
    }
    expect(asked.length).toBe(201);
    await rdt.token(rdtScope(documentRequest('doc-199'))); // still held
    expect(asked.length).toBe(201);
    await rdt.token(rdtScope(documentRequest('doc-0'))); // forgotten: a new Tokens API call
    expect(asked.length).toBe(202);
  });

  it('an expired document token is never served: after its hour each document is asked again', async () => {
    let now = 0;
    const { asked, pipeline } = tokensApi();
    const rdt = createRdtAuth(pipeline, { now: () => now });
    for (let i = 0; i < 5; i++) await rdt.token(rdtScope(documentRequest(`doc-${i}`)));
    now = 3_600_000;
    for (let i = 0; i < 5; i++) await rdt.token(rdtScope(documentRequest(`doc-${i}`)));
    expect(asked.length).toBe(10);
  });
});
