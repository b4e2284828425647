// Test helpers: start the built ads-mcp in process (or over stdio) against the msw mocks, call tools, check envelopes.
import type { Envelope } from '@obmcp/contract';
import {
  assertEnvelope,
  callTool,
  type RunningServer,
  startInProcess,
  startServer,
  type TestServer,
} from '@obmcp/test-kit';
import { expect } from 'vitest';
import { app } from '../src/app.js';

export const US_PROFILE = 1111111111;

export function start(env: Record<string, string> = {}): Promise<TestServer> {
  return startInProcess({ app, env: { CODE_MODE: 'off', ...env } });
}

/** The built binary as a child process: for what only a real process shows (its whole stderr). */
export function startProcess(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({ app, env: { CODE_MODE: 'off', ...env } });
}

export async function ok(
  s: TestServer,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const out = await callTool(s.client, name, args);
  if (out.envelope) throw new Error(`${name} failed: ${JSON.stringify(out.envelope)}`);
  expect(out.result).toBeDefined();
  return out.result as Record<string, unknown>;
}

export async function fail(
  s: TestServer,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Envelope> {
  const out = await callTool(s.client, name, args);
  if (!out.envelope) throw new Error(`${name} unexpectedly succeeded: ${out.text.slice(0, 500)}`);
  assertEnvelope(out.envelope);
  return out.envelope;
}

export function metaOf(value: { _meta?: unknown }): Record<string, unknown> {
  return (value._meta ?? {}) as Record<string, unknown>;
}
