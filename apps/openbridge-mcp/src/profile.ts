// The contract profile: Openbridge is filed under the SP family (closed enum), codes OPENBRIDGE_HTTP_<NNN>.
import { type ServerProfile, upstreamErrorKinds } from '@obmcp/contract';
import { HINT_TABLES } from './hints/tables.js';
import { VERSION } from './version.js';

export const profile: ServerProfile = {
  name: 'openbridge-mcp',
  version: VERSION,
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'OPENBRIDGE',
  errorKinds: upstreamErrorKinds('sp_api_http', 'sp_api_client'),
  hintTables: HINT_TABLES,
  instructions:
    'Openbridge platform API: remote identities, subscriptions, jobs, history, products, table schemas and ' +
    'healthchecks. Numeric ids are integers (send 123, not "123"). Failures are v1 error envelopes.',
};
