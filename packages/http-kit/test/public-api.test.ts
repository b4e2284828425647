// The public API by entry point: the committed name list, entries that load only the contract core, no name no other package imports.
import { describePublicApi } from '../../../scripts/public-api/describe-public-api.mjs';

describePublicApi(import.meta.dirname, {
  './wire': ['@obmcp/contract'],
});
