// The SP mock's restricted data: the Tokens API grants RDTs as the real one does, an RDT opens only its
// resources, and PII (order addresses, buyer info, restricted report documents) needs one.
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { issueAccessToken } from '../src/lwa/tokens.js';
import { SP_BASE } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());

const UA = 'obmcp-test/1.0 (Language=TypeScript)';
// biome-ignore lint/suspicious/noExplicitAny: free-form upstream bodies in assertions
type Body = Record<string, any>;
const lwa = (refreshToken = 'mock-rdt-test-refresh') => issueAccessToken('mock-test-client', refreshToken);

async function get(path: string, token: string): Promise<{ status: number; body: Body }> {
  const res = await fetch(`${SP_BASE}${path}`, {
    headers: { 'x-amz-access-token': token, 'user-agent': UA },
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function rdt(resources: unknown[], token = lwa()) {
  const res = await fetch(`${SP_BASE}/tokens/2021-03-01/restrictedDataToken`, {
    method: 'POST',
    headers: { 'x-amz-access-token': token, 'user-agent': UA, 'content-type': 'application/json' },
    body: JSON.stringify({ restrictedResources: resources }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

const ORDER = '/orders/v0/orders/902-3159896-1390916';

describe('SP mock restricted data', () => {
  it('an order with the LWA token carries only the unrestricted address fields', async () => {
    const { body } = await get(ORDER, lwa());
    expect(body.payload.ShippingAddress).toEqual({
      City: 'SEATTLE',
      StateOrRegion: 'WA',
      PostalCode: '98101-1234',
      CountryCode: 'US',
    });
    expect(body.payload.BuyerInfo).toBeUndefined();
  });

  it('an RDT for the generic path opens every order, for its dataElements only', async () => {
    const granted = await rdt([
      { method: 'GET', path: '/orders/v0/orders/{orderId}', dataElements: ['shippingAddress'] },
    ]);
    expect(granted.status).toBe(200);
    expect(granted.body.expiresIn).toBe(3600);
    const { body } = await get(ORDER, granted.body.restrictedDataToken);
    expect(body.payload.ShippingAddress.Name).toBe('Mock Buyer One');
    expect(body.payload.BuyerInfo).toBeUndefined();
    // Another resource with the same RDT: the API's 403.
    expect((await get(`${ORDER}/address`, granted.body.restrictedDataToken)).status).toBe(403);
  });

  it('a restricted report document: 403 with the LWA token, the document with an RDT for its specific path', async () => {
    const doc = '/reports/2021-06-30/documents/amzn1.spdoc.1.4.na.seed-pii';
    expect((await get(doc, lwa())).status).toBe(403);
    const generic = await rdt([{ method: 'GET', path: '/reports/2021-06-30/documents/{reportDocumentId}' }]);
    expect(generic.status).toBe(400);
    const specific = await rdt([{ method: 'GET', path: doc }]);
    const { status, body } = await get(doc, specific.body.restrictedDataToken);
    expect(status).toBe(200);
    expect(body.url).toMatch(/^https:\/\//);
  });

  it('an application without the restricted roles gets the real 400 InvalidInput', async () => {
    const denied = await rdt(
      [{ method: 'GET', path: '/orders/v0/orders', dataElements: ['buyerInfo', 'shippingAddress'] }],
      lwa('mock-refresh-no-pii-role'),
    );
    expect(denied.status).toBe(400);
    expect(denied.body.errors[0]).toEqual({
      code: 'InvalidInput',
      message:
        'Application does not have access to one or more requested data elements: [buyerInfo, shippingAddress]',
      details: '',
    });
  });

  it('a path that is no restricted operation is refused', async () => {
    expect((await rdt([{ method: 'GET', path: '/sellers/v1/marketplaceParticipations' }])).status).toBe(400);
  });
});
