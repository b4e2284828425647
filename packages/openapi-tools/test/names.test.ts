// Tool names: snake_case, qualification on collisions, bounded length.
import { describe, expect, it } from 'vitest';
import { abbreviate, assignNames, MAX_TOOL_NAME, snakeCase, versionLabel } from '../src/generate/names.js';

describe('tool names', () => {
  it('snake-cases operationIds', () => {
    expect(snakeCase('getOrderItemsBuyerInfo')).toBe('get_order_items_buyer_info');
    expect(snakeCase('ListSponsoredProductsCampaigns')).toBe('list_sponsored_products_campaigns');
    expect(snakeCase('getFBAInventoryAPI')).toBe('get_fba_inventory_api');
  });

  it('reads the version from the path, else the file stem', () => {
    expect(versionLabel('/orders/v0/orders', 'ordersV0')).toBe('v0');
    expect(versionLabel('/reports/2021-06-30/reports', 'reports_2021-06-30')).toBe('2021_06_30');
    expect(versionLabel('/x/y', 'listingsItems_2021-08-01')).toBe('2021_08_01');
  });

  it('keeps unique names bare and qualifies collisions by toolset and version', () => {
    const names = assignNames([
      { base: 'get_order', toolset: 'orders', version: 'v0', order: 'a' },
      { base: 'get_order', toolset: 'orders', version: '2026_01_01', order: 'b' },
      { base: 'get_order', toolset: 'fulfillment-outbound', version: '2026_07_04', order: 'c' },
      { base: 'get_report', toolset: 'reports', version: '2021_06_30', order: 'd' },
      { base: 'link_carrier_account', toolset: 'shipping', version: 'v2', order: 'POST /b' },
      { base: 'link_carrier_account', toolset: 'shipping', version: 'v2', order: 'PUT /a' },
    ]);
    expect(names).toEqual([
      'get_order_orders_v0',
      'get_order_orders_2026_01_01',
      'get_order_fulfillment_outbound',
      'get_report',
      'link_carrier_account',
      'link_carrier_account_2',
    ]);
  });

  it('abbreviates long toolsets so qualified names stay within the client limit and unique', () => {
    expect(abbreviate('vendor-direct-fulfillment-shipping')).toBe('vdf_shipping');
    const base = 'submit_shipment_confirmations';
    const names = assignNames([
      { base, toolset: 'vendor-direct-fulfillment-shipping', version: 'v1', order: 'a' },
      { base, toolset: 'vendor-direct-fulfillment-shipping', version: '2021_12_28', order: 'b' },
      { base, toolset: 'vendor-shipments', version: 'v1', order: 'c' },
    ]);
    expect(new Set(names).size).toBe(3);
    for (const n of names) expect(n.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
  });
});
