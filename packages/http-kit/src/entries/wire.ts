// @obmcp/http-kit/wire: checked wire values for building a request (path filling, segment encoding, header values), without the pipeline.
export { checkHeaderValue, fillPath, type PathValue } from '../wire-values.js';
