// Login with Amazon mock, shared by the SP-API and Ads servers: token endpoint on all three LWA hosts.
import type { RequestHandler } from 'msw';
import { lwaHandlers } from './handlers.js';

export { acceptCredential, DUMMY_PREFIXES, isDummyCredential } from './credentials.js';
export { LWA_HOSTS } from './handlers.js';
export {
  accessTokenState,
  issueAccessToken,
  issuedCount,
  refreshTokenOf,
  type AccessTokenState,
} from './tokens.js';

export const handlers: RequestHandler[] = lwaHandlers;
/** LWA has no env of its own: each API's dummyEnv sets its client id/secret/refresh token ('mock-…'). */
export const dummyEnv: Record<string, string> = {};
