// @obmcp/contract/client: for TypeScript agents and clients of an obmcp server — one call, a result or an envelope.
export { callWithEnvelope } from '../client/call-with-envelope.js';
