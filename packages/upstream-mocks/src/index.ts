// Public surface of the upstream mocks: fault scenarios, the fault wrapper and the msw server.
export * from './faults.js';
export * from './server.js';
export * from './with-fault.js';
export {
  checkResponse,
  loadOperation,
  matchRoute,
  type Operation,
  type OperationRoute,
  operationRoutes,
  type ResponseProblem,
  resolveOperation,
  sampleRequest,
  successMediaType,
  synthesize,
} from './spec/index.js';
