// The public API: the committed name list, no name no other package imports, and an entry that loads only the
// contract core, http-kit and Node at run time (the catalog's openapi-tools import is types only).
import { describePublicApi } from '../../../scripts/public-api/describe-public-api.mjs';

describePublicApi(import.meta.dirname, {
  '.': ['@obmcp/contract', '@obmcp/http-kit'],
});
