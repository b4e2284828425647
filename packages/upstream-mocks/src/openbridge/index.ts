// msw handlers for the Openbridge platform API (auth, remote identity, subscriptions, service proxy).
import type { RequestHandler } from 'msw';
import { amzadvHandlers } from './amzadv.handlers.js';
import { authHandlers } from './auth.handlers.js';
import { resetHistory } from './fixtures/jobs.js';
import { resetSubscriptions } from './fixtures/subscriptions.js';
import { healthchecksHandlers } from './healthchecks.handlers.js';
import { historyHandlers } from './history.handlers.js';
import { jobsHandlers } from './jobs.handlers.js';
import { productsHandlers } from './products.handlers.js';
import { queryHandlers } from './query.handlers.js';
import { remoteIdentityHandlers } from './remote-identity.handlers.js';
import { subscriptionsHandlers } from './subscriptions.handlers.js';

export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...remoteIdentityHandlers,
  ...subscriptionsHandlers,
  ...amzadvHandlers,
  ...jobsHandlers,
  ...historyHandlers,
  ...productsHandlers,
  ...healthchecksHandlers,
  ...queryHandlers,
];

/** Restores the mutable fixtures (subscriptions, history) for in-process tests. */
export function resetOpenbridgeMock(): void {
  resetSubscriptions();
  resetHistory();
}

export { isBrokeredAdsToken } from './amzadv.handlers.js';
export {
  BROKERED_ADS_CLIENT_ID,
  BROKERED_ADS_TOKEN_PREFIX,
  dummyEnv,
  MOCK_ACCOUNT_ID,
  MOCK_USER_ID,
  OPENBRIDGE_HOSTS,
} from './constants.js';
export { checkRequest, checkResponse, type DocIssue } from './doc-schemas/validate.js';
export { REQUEST_SCHEMAS } from './doc-schemas/requests.js';
export { RESPONSE_SCHEMAS } from './doc-schemas/responses.js';
export { STORAGE_PASSWORD_CANARY } from './fixtures/subscriptions.js';
export { claimsOf, issuedJwtCount, type MockJwtClaims, verifyJwt } from './jwt.js';
export { OPENBRIDGE_FAULTS, RULES_TIMEOUT_ROWS } from './rules-search.js';
