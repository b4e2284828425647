// Public surface of the spec layer (tests and demos build requests and check responses with it).
export {
  type Operation,
  type OperationRoute,
  loadOperation,
  matchRoute,
  operationRoutes,
} from './operations.js';
export { resolveOperation, synthesize } from './synthesize.js';
export { sampleRequest, successMediaType } from './sample-request.js';
export { checkResponse, type ResponseProblem } from './response-check.js';
