// @obmcp/mcp-server/http: the Streamable HTTP server on its own, for tests of what sits in front of it.
export { HTTP_DEFAULTS } from '../http/http-options.js';
export { type HttpServerHandle, startHttpServer } from '../http/http-server.js';
