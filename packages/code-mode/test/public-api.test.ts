// The public API by entry point: the committed name list and no name no other package imports.
import { describePublicApi } from '../../../scripts/public-api/describe-public-api.mjs';

describePublicApi(import.meta.dirname);
