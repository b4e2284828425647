// Public surface of the upstream mocks: fault scenarios, the fault wrapper and the msw server.
export * from './faults.js';
export * from './server.js';
export * from './with-fault.js';
// The spec layer's helpers (checkResponse, sampleRequest, …) are at `@obmcp/upstream-mocks/spec`:
// importing them loads the specs, ajv and the sampler, which the preload keeps off cold start.
