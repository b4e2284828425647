// SP-API mock: every endpoint sp-mcp calls, on all regional and sandbox hosts, plus document URLs.
import type { RequestHandler } from 'msw';
import { aplusHandlers } from './aplus.handlers.js';
import { catalogHandlers } from './catalog.handlers.js';
import { documentHandlers } from './documents.handlers.js';
import { feedsHandlers } from './feeds.handlers.js';
import { feesHandlers } from './fees.handlers.js';
import { financesHandlers } from './finances.handlers.js';
import { inventoryHandlers } from './inventory.handlers.js';
import { listingsHandlers } from './listings.handlers.js';
import { ordersHandlers } from './orders.handlers.js';
import { pricingHandlers } from './pricing.handlers.js';
import { reportsHandlers } from './reports.handlers.js';
import { salesHandlers } from './sales.handlers.js';
import { sandboxHandlers } from './sandbox.js';
import { sellersHandlers } from './sellers.handlers.js';
import { solicitationsHandlers } from './solicitations.handlers.js';
import { spSpecAdapter } from './spec-adapter.js';
import { tokensHandlers } from './tokens.handlers.js';
import { specCatchAll, specGate } from '../spec/front-door.js';
import { redirectTarget } from '../spec/redirect-target.js';

export { DOCUMENT_HOST, SP_HOSTS, SP_REGIONS, type SpRegion } from './hosts.js';
export { renderSpFault } from './render-fault.js';
export { SAMPLE_REPORT_TEXT } from './state.js';

/** Hand-written handlers (production hosts) and the static sandbox (sandbox hosts). */
export const handlers: RequestHandler[] = [
  ...sandboxHandlers,
  ...sellersHandlers,
  ...tokensHandlers,
  ...ordersHandlers,
  ...catalogHandlers,
  ...inventoryHandlers,
  ...reportsHandlers,
  ...feedsHandlers,
  ...listingsHandlers,
  ...pricingHandlers,
  ...financesHandlers,
  ...feesHandlers,
  ...salesHandlers,
  ...solicitationsHandlers,
  ...aplusHandlers,
  ...documentHandlers,
];

/** Before `handlers`: the spec's rejections for every operation. */
export const gateHandlers: RequestHandler[] = specGate(spSpecAdapter);
/** After `handlers`: every other operation of the models, answered from its response schema. */
export const catchAllHandlers: RequestHandler[] = [
  ...specCatchAll(spSpecAdapter),
  redirectTarget(spSpecAdapter.redirectBase),
];

/** Obviously-fake SP credentials the preload sets when unset (accepted by the LWA mock: 'mock-' prefix). */
export const dummyEnv: Record<string, string> = {
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-sp-client-secret',
  SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token',
};
