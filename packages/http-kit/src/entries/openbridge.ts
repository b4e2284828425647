// @obmcp/http-kit/openbridge: the Openbridge upstream (its limit headers, rules and JWT rejection), for the servers that call it.
export {
  isOpenbridgeJwtRejected,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  openbridgeLimits,
} from '../upstreams/openbridge.js';
