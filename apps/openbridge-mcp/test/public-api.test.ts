// The public API of the app's library entry: the committed name list, real exports, no name no other package imports.
import { describePublicApi } from '../../../scripts/public-api/describe-public-api.mjs';

describePublicApi(import.meta.dirname);
