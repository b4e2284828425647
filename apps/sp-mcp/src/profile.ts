// The sp-mcp ServerProfile: kinds, code prefix and hint tables the contract needs.
import type { ServerProfile } from '@obmcp/contract';
import { SP_HINT_TABLES } from './hints/tables.js';
import { SP_MCP_VERSION } from './version.js';

export const SP_ERROR_KINDS = [
  'mcp_input_validation',
  'tool_not_found',
  'sp_api_http',
  'sp_api_client',
  'auth_error',
  'rate_limited',
  'sandbox_runtime',
  'internal_error',
] as const;

export const spProfile: ServerProfile = {
  name: 'sp-mcp',
  version: SP_MCP_VERSION,
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: SP_ERROR_KINDS,
  toolsetsVariable: 'SP_API_TOOLSETS',
  hintTables: SP_HINT_TABLES,
  instructions:
    'Amazon Selling Partner API tools. Inputs are camelCase; marketplace fields take marketplace ids ' +
    '(ATVPDKIKX0DER = US). Every failure is a v1 error envelope; branch on error_kind / error_code.',
};
