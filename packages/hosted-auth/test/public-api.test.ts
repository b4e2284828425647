// The public API by entry point: the committed name list, no name that neither another package nor the README's
// example imports, and an entry that loads only published packages.
import { describePublicApi } from '../../../scripts/public-api/describe-public-api.mjs';

describePublicApi(import.meta.dirname, {
  '.': [
    '@modelcontextprotocol/server',
    '@obmcp/contract',
    '@obmcp/http-kit',
    '@obmcp/openbridge-upstream',
    'ioredis',
    'jose',
    'undici',
  ],
});
