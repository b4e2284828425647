// @obmcp/openbridge-upstream: the Openbridge API as one upstream (catalog with host keys, JWT exchange, errors, budget).
export {
  isOpenbridgeJwtRejected,
  OPENBRIDGE_BUCKET,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  OPENBRIDGE_RULE,
  openbridgeLimits,
} from './budget.js';
export { OPENBRIDGE_CATALOG } from './catalog.js';
export { detailsFromBody, detailsFromJson } from './error-body.js';
export {
  exchangeRefreshToken,
  type IssuedJwt,
  type JwtExchangeOptions,
  jwtExchangePipeline,
  REFRESH_TOKEN_HINTS,
} from './exchange.js';
export {
  OPENBRIDGE_DEFAULT_HOSTS,
  OPENBRIDGE_HOST_PATTERN,
  type OpenbridgeHost,
  type OpenbridgeHosts,
  openbridgeRedirectHosts,
} from './hosts.js';
export { type JwtClaims, readJwtClaims } from './jwt-claims.js';
export {
  OPENBRIDGE_OPERATIONS,
  type OpenbridgeOperation,
  type OperationName as OpenbridgeOperationName,
  operationUrl,
} from './operations.js';
