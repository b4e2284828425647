// Public surface of the upstream mocks: fault scenarios, the fault wrapper and the msw server.
export * from './faults.js';
export * from './server.js';
export * from './with-fault.js';
export * from './throttle/index.js';
export { checkMockSettings } from './check-settings.js';
export { dummyCredentialEnv, mockFileBoundary, resetMockState } from './in-process.js';
export { isMockSwitch } from './settings.js';
export type { RecordedRequest } from './request-log.js';
export * as openbridge from './openbridge/index.js';
// The spec layer's helpers (checkResponse, sampleRequest, …) are at `@obmcp/upstream-mocks/spec`:
// importing them loads the specs, ajv and the sampler, which the preload keeps off cold start.
/** The refresh token an access token the mock LWA (or the Amazon login fake) issued belongs to: whose call it is. */
export { refreshTokenOf as refreshTokenOfAccessToken } from './lwa/tokens.js';
