// The agent session per server: one telemetry-rich success, then one call per error class (data, not code).
const SP_ORDERS = { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z' };

/**
 * A session may carry a `note`: printed under the server's heading, where a reader first meets its envelopes.
 * Each step: { label, tool, args, fault?, expect } — `fault` is an OBMCP_MOCK_FAULT scenario that
 * the upstream mock applies to that one call only; `expect` is the error_kind the step must produce.
 */
export const SESSIONS = [
  {
    app: 'sp-mcp',
    success: {
      tool: 'get_orders',
      args: { MarketplaceIds: ['ATVPDKIKX0DER'], CreatedAfter: '2026-03-01T00:00:00Z' },
    },
    steps: [
      {
        label: 'typo in a key',
        tool: 'get_orders',
        args: { marketplaceIds: ['ATVPDKIKX0DER'], createdAftr: '2026-03-01T00:00:00Z' },
        expect: 'mcp_input_validation',
      },
      { label: 'unknown tool', tool: 'get_ordrs', args: SP_ORDERS, expect: 'tool_not_found' },
      {
        label: 'upstream 404',
        tool: 'get_orders',
        args: SP_ORDERS,
        fault: 'http_404',
        expect: 'sp_api_http',
      },
      { label: 'HTML body', tool: 'get_orders', args: SP_ORDERS, fault: 'html_200', expect: 'sp_api_client' },
      {
        label: 'token revoked',
        tool: 'get_orders',
        args: SP_ORDERS,
        fault: 'http_401',
        expect: 'auth_error',
      },
      {
        label: 'throttled',
        tool: 'get_orders',
        args: SP_ORDERS,
        fault: 'http_429_retry_after',
        expect: 'rate_limited',
      },
      {
        label: 'busy loop',
        tool: 'execute',
        args: { code: 'while(true){}', timeout_ms: 200 },
        expect: 'sandbox_runtime',
      },
    ],
  },
  {
    app: 'ads-mcp',
    success: { tool: 'list_profiles', args: { AccessLevel: 'view' } },
    steps: [
      {
        label: 'typo in a key',
        tool: 'list_profiles',
        args: { profileTypeFiltr: ['seller'] },
        expect: 'mcp_input_validation',
      },
      { label: 'unknown tool', tool: 'list_profile', args: {}, expect: 'tool_not_found' },
      { label: 'upstream 404', tool: 'list_profiles', args: {}, fault: 'http_404', expect: 'ads_api_http' },
      { label: 'HTML body', tool: 'list_profiles', args: {}, fault: 'html_200', expect: 'ads_api_client' },
      { label: 'token revoked', tool: 'list_profiles', args: {}, fault: 'http_401', expect: 'auth_error' },
      {
        label: 'throttled',
        tool: 'list_profiles',
        args: {},
        fault: 'http_429_retry_after',
        expect: 'rate_limited',
      },
      {
        label: 'busy loop',
        tool: 'execute',
        args: { code: 'while(true){}', timeout_ms: 200 },
        expect: 'sandbox_runtime',
      },
    ],
  },
  {
    app: 'openbridge-mcp',
    note:
      'Openbridge has no kinds of its own in the closed v1 error_kind list: the contract files it under the ' +
      'SP family, so its HTTP failures are sp_api_http and transport failures sp_api_client, while error_code ' +
      'names the service (OPENBRIDGE_HTTP_404, …). Branch on error_kind, read error_code (docs/CONTRACT.md).',
    success: { tool: 'get_subscriptions', args: { Status: 'any' } },
    steps: [
      {
        label: 'typo in a key',
        tool: 'get_subscriptions',
        args: { statuss: 'any' },
        expect: 'mcp_input_validation',
      },
      { label: 'unknown tool', tool: 'get_subscription', args: {}, expect: 'tool_not_found' },
      {
        label: 'upstream 404',
        tool: 'get_subscriptions',
        args: {},
        fault: 'http_404',
        expect: 'sp_api_http',
      },
      { label: 'HTML body', tool: 'get_subscriptions', args: {}, fault: 'html_200', expect: 'sp_api_client' },
      {
        label: 'token revoked',
        tool: 'get_subscriptions',
        args: {},
        fault: 'http_401',
        expect: 'auth_error',
      },
      {
        label: 'throttled',
        tool: 'get_subscriptions',
        args: {},
        fault: 'http_429_retry_after',
        expect: 'rate_limited',
      },
      {
        label: 'busy loop',
        tool: 'execute',
        args: { code: 'while(true){}', timeout_ms: 200 },
        expect: 'sandbox_runtime',
      },
    ],
  },
];
