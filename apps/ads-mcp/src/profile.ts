// The ads-mcp server profile handed to the contract wiring.
import { type ServerProfile, upstreamErrorKinds } from '@obmcp/contract';
import { HINT_TABLES } from './hints/tables.js';
import { VERSION } from './version.js';

export const profile: ServerProfile = {
  name: 'ads-mcp',
  version: VERSION,
  httpKind: 'ads_api_http',
  clientKind: 'ads_api_client',
  httpCodePrefix: 'ADS_API',
  errorKinds: upstreamErrorKinds('ads_api_http', 'ads_api_client'),
  toolsetsVariable: 'ADS_API_TOOLSETS',
  hintTables: HINT_TABLES,
  instructions:
    'Amazon Ads API (Sponsored Products v3, Reporting v3, AMC). Start with list_profiles, then set_active_profile. ' +
    'Every failure is a v1 error envelope; branch on error_kind and error_code.',
};
