// The sp-mcp ServerProfile: kinds, code prefix and hint tables the contract needs.
import { type ServerProfile, upstreamErrorKinds } from '@obmcp/contract';
import { HINT_TABLES } from './hints/tables.js';
import { VERSION } from './version.js';

export const profile: ServerProfile = {
  name: 'sp-mcp',
  version: VERSION,
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: upstreamErrorKinds('sp_api_http', 'sp_api_client'),
  toolsetsVariable: 'SP_API_TOOLSETS',
  hintTables: HINT_TABLES,
  instructions:
    'Amazon Selling Partner API tools. Inputs are camelCase; marketplace fields take marketplace ids ' +
    '(ATVPDKIKX0DER = US). Every failure is a v1 error envelope; branch on error_kind / error_code.',
};
