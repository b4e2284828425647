// Test harness: the built server in process (or over stdio) against the msw mocks, with a canary refresh token.
import type { Envelope } from '@obmcp/contract';
import { callTool, type RunningServer, startInProcess, startServer, type TestServer } from '@obmcp/test-kit';
import { app } from '../src/app.js';

/** Accepted by the mock (key:secret), searched for in every output. */
export const CANARY_REFRESH_TOKEN = 'canary-key-7f3a:CANARY-SECRET-9d41e0b2';

export async function start(
  env: Record<string, string> = {},
  options: { recordUpstream?: boolean } = {},
): Promise<TestServer> {
  return startInProcess({
    app,
    env: { OPENBRIDGE_REFRESH_TOKEN: CANARY_REFRESH_TOKEN, OPENBRIDGE_MAX_RETRIES: '0', ...env },
    ...options,
  });
}

/** The built binary as a child process: for what only a real process shows (its whole stderr). */
export async function startProcess(
  env: Record<string, string> = {},
  options: { recordUpstream?: boolean } = {},
): Promise<RunningServer> {
  return startServer({
    app,
    env: { OPENBRIDGE_REFRESH_TOKEN: CANARY_REFRESH_TOKEN, OPENBRIDGE_MAX_RETRIES: '0', ...env },
    timeoutMs: 60_000,
    ...options,
  });
}

/** A tool's result; throws with the envelope text when the call failed. `seen` collects every output text. */
export async function ok(
  server: TestServer,
  name: string,
  args: Record<string, unknown> = {},
  seen?: string[],
): Promise<Record<string, unknown>> {
  const out = await callTool(server.client, name, args);
  seen?.push(out.text);
  if (out.envelope) throw new Error(`${name} failed: ${out.text}`);
  return out.result as Record<string, unknown>;
}

/** A tool's envelope; throws when the call succeeded. */
export async function fails(
  server: TestServer,
  name: string,
  args: Record<string, unknown>,
  seen?: string[],
): Promise<Envelope> {
  const out = await callTool(server.client, name, args);
  seen?.push(out.text);
  if (!out.envelope) throw new Error(`${name} succeeded: ${out.text}`);
  return out.envelope;
}
