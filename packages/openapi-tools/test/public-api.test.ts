// The public API by entry point: the committed name list, no name no other package imports, and a runtime
// entry that loads only published packages (the generator, `./generate`, stays in the repository).
import { describePublicApi } from '../../../scripts/public-api/describe-public-api.mjs';

describePublicApi(import.meta.dirname, {
  '.': ['@obmcp/contract', '@obmcp/http-kit/wire'],
});
