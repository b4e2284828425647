// The restricted-operation table: every row is an operation of the vendored models, and requests match it.
import { describe, expect, it } from 'vitest';
import { spCatalog } from '../../src/operations/catalog.js';
import { restrictedOperations } from '../../src/restricted/restricted-operations.js';
import { matchRestricted } from '../../src/restricted/restricted-resource.js';

describe('restrictedOperations', () => {
  it('names only operations of the vendored models, with their method and path', () => {
    expect(restrictedOperations()).toHaveLength(30);
    const ops = spCatalog().operations.map((o) => o.meta);
    for (const row of restrictedOperations()) {
      const op = ops.find((o) => o.api === row.api && o.operationId === row.operationId);
      expect(op, `${row.api}.${row.operationId}`).toBeDefined();
      expect({ method: op?.method, path: op?.path }).toEqual({ method: row.method, path: row.path });
    }
  });

  it('matches concrete requests: generic resources for order ids, specific ones for documents', () => {
    expect(matchRestricted('GET', '/orders/v0/orders/902-3159896-1390916')?.resource).toEqual({
      method: 'GET',
      path: '/orders/v0/orders/{orderId}',
      dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
    });
    expect(matchRestricted('GET', '/orders/v0/orders?MarketplaceIds=X')?.operation.operationId).toBe(
      'getOrders',
    );
    expect(matchRestricted('GET', '/orders/v0/orders/1-2-3/address')?.operation.operationId).toBe(
      'getOrderAddress',
    );
    const doc = matchRestricted('GET', '/reports/2021-06-30/documents/amzn1.spdoc.1.4.na.x');
    expect(doc?.operation.conditional).toBe(true);
    expect(doc?.resource.path).toBe('/reports/2021-06-30/documents/amzn1.spdoc.1.4.na.x');
  });

  it('leaves unrestricted operations alone (Orders v2026-01-01, reports, feeds)', () => {
    expect(matchRestricted('GET', '/orders/2026-01-01/orders/902-3159896-1390916')).toBeUndefined();
    expect(matchRestricted('GET', '/orders/2026-01-01/orders?createdAfter=x')).toBeUndefined();
    expect(matchRestricted('GET', '/reports/2021-06-30/reports/ID1')).toBeUndefined();
    expect(matchRestricted('POST', '/orders/v0/orders/1-2-3/shipmentConfirmation')).toBeUndefined();
  });

  it('matches whole paths and the method: no prefix, suffix, extra segment or other method', () => {
    expect(matchRestricted('GET', '/orders/v0/orders/1-2-3')?.operation.operationId).toBe('getOrder');
    expect(matchRestricted('GET', '/x/orders/v0/orders/1-2-3')).toBeUndefined();
    expect(matchRestricted('GET', '/orders/v0/orders/1-2-3/extra')).toBeUndefined();
    expect(matchRestricted('GET', '/orders/v0/orders/1-2-3/address/x')).toBeUndefined();
    expect(matchRestricted('PUT', '/orders/v0/orders/1-2-3')).toBeUndefined();
    expect(matchRestricted('GET', '/orders/v0/orders/1-2-3?a=b')?.resource).toEqual({
      method: 'GET',
      path: '/orders/v0/orders/{orderId}',
      dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
    });
  });

  it('a generic operation without data elements names the template only; a specific one the path as sent', () => {
    const address = matchRestricted('GET', '/orders/v0/orders/1-2-3/address');
    expect(address?.resource).toStrictEqual({ method: 'GET', path: '/orders/v0/orders/{orderId}/address' });
    const doc = matchRestricted('GET', '/reports/2021-06-30/documents/d%2F1?x=1');
    expect(doc?.resource).toStrictEqual({ method: 'GET', path: '/reports/2021-06-30/documents/d%2F1' });
  });
});
