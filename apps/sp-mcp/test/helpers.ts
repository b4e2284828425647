// Test helpers: start sp-mcp in process (or over stdio, for the process-level tests) against the mocks, Code Mode off unless asked.
import { type RunningServer, startInProcess, startServer, type TestServer } from '@obmcp/test-kit';
import { app } from '../src/app.js';

export async function startSp(
  env: Record<string, string | undefined> = {},
  recordUpstream = false,
): Promise<TestServer> {
  return startInProcess({ app, env: { CODE_MODE: 'off', ...env }, recordUpstream });
}

/** The built binary as a child process: for what only a real process shows (its whole stderr). */
export async function startSpProcess(
  env: Record<string, string | undefined> = {},
  recordUpstream = false,
): Promise<RunningServer> {
  return startServer({ app, env: { CODE_MODE: 'off', ...env }, recordUpstream });
}

export const US = 'ATVPDKIKX0DER';
