// @obmcp/openbridge-upstream: the Openbridge API as one upstream (catalog with host keys, JWT exchange, errors, budget).
export {
  isOpenbridgeJwtRejected,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  OPENBRIDGE_RULE,
  openbridgeLimits,
} from './budget.js';
export { openbridgeCatalog } from './catalog.js';
export { detailsFromBody } from './error-body.js';
export {
  exchangeRefreshToken,
  type IssuedJwt,
  type JwtExchangeOptions,
  jwtExchangePipeline,
} from './exchange.js';
export { OPENBRIDGE_DEFAULT_HOSTS, openbridgeRedirectHosts } from './hosts.js';
export { readJwtClaims } from './jwt-claims.js';
export {
  OPENBRIDGE_OPERATIONS,
  type OperationName as OpenbridgeOperationName,
  operationUrl,
} from './operations.js';
