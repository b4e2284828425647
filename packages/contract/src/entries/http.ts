// @obmcp/contract/http: the Streamable HTTP server on its own, for tests of what sits in front of it.
export { HTTP_DEFAULTS } from '../server/http/http-options.js';
export { type HttpServerHandle, startHttpServer } from '../server/http/http-server.js';
