// Env each app needs under the mocks, with the toolsets that list every tool a view is bound to.
import type { AppName } from '@obmcp/test-kit';

/** Mock credentials only (the mocks accept `mock-…` values); nothing here reaches a real API. */
export const VIEW_APP_ENV: Record<AppName, Record<string, string>> = {
  'sp-mcp': {
    SP_API_CLIENT_ID: 'mock-sp-client-id',
    SP_API_CLIENT_SECRET: 'mock-views-secret',
    SP_API_REFRESH_TOKEN: 'Atzr|mock-views-refresh',
  },
  'ads-mcp': {
    ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
    ADS_API_CLIENT_SECRET: 'mock-views-secret',
    ADS_API_REFRESH_TOKEN: 'Atzr|mock-views-refresh',
    ADS_API_PROFILE_ID: '1111111111',
    // Budget usage is a generated Sponsored Products tool: a POST that only reads, so listed with writes off.
    ADS_API_TOOLSETS: 'sp,curated,amc',
  },
  'openbridge-mcp': {
    OPENBRIDGE_REFRESH_TOKEN: 'mock-views-key:views-secret',
    OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
  },
};
