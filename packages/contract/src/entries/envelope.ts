// @obmcp/contract/envelope: building and checking envelopes outside a server (the schema validator, ajv, comes with it).
export { buildEnvelope } from '../envelope/build.js';
export { envelopeFromThrown } from '../envelope/classify.js';
export { validateEnvelope } from '../envelope/validate.js';
