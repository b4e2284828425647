// What an in-process test needs from the mocks: the dummy credentials the preload sets, a fresh-process state, file boundaries.
import { dummyEnv as adsEnv } from './ads/index.js';
import { resetAdsMockState } from './ads/state.js';
import { dummyEnv as lwaEnv } from './lwa/index.js';
import { resetIssuedTokens } from './lwa/tokens.js';
import { dummyEnv as openbridgeEnv, resetOpenbridgeMock } from './openbridge/index.js';
import { dummyEnv as spEnv } from './sp/index.js';
import { resetIssuedRdts } from './sp/restricted.js';
import { resetSpMockState } from './sp/state.js';
import { setFault } from './faults.js';
import { closeMockServers } from './server.js';
import { resetThrottle } from './throttle/index.js';

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

/**
 * A boundary between test files that share one module cache (vitest `isolate: false`): call it before a
 * file and the returned function after it. After the file, no msw server of it still listens, no fault
 * override or throttle count is left, the mocks hold a new process's state, and every OBMCP_* variable in
 * process.env is as it was before the file.
 */
export function mockFileBoundary(): () => void {
  const before = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('OBMCP_')));
  return () => {
    closeMockServers();
    setFault('api', undefined);
    setFault('auth', undefined);
    resetThrottle();
    resetMockState();
    for (const key of Object.keys(process.env))
      if (key.startsWith('OBMCP_') && !(key in before)) delete process.env[key];
    Object.assign(process.env, before);
  };
}
