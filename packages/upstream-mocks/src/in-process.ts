// What an in-process test needs from the mocks: the dummy credentials the preload sets and a fresh-process state.
import { dummyEnv as adsEnv } from './ads/index.js';
import { resetAdsMockState } from './ads/state.js';
import { dummyEnv as lwaEnv } from './lwa/index.js';
import { resetIssuedTokens } from './lwa/tokens.js';
import { dummyEnv as openbridgeEnv, resetOpenbridgeMock } from './openbridge/index.js';
import { dummyEnv as spEnv } from './sp/index.js';
import { resetIssuedRdts } from './sp/restricted.js';
import { resetSpMockState } from './sp/state.js';

/** Every API's dummy credentials (the values the mocks accept), as the preload puts them in the env. */
export function dummyCredentialEnv(): Record<string, string> {
  return { ...lwaEnv, ...spEnv, ...adsEnv, ...openbridgeEnv };
}

/** Restores the mocks to a new process's state: no issued tokens or RDTs, only the seeded reports and fixtures. */
export function resetMockState(): void {
  resetIssuedTokens();
  resetIssuedRdts();
  resetSpMockState();
  resetAdsMockState();
  resetOpenbridgeMock();
}
