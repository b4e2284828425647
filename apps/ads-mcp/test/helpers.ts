// Test helpers: start the built ads-mcp over stdio against the msw mocks, call tools, check envelopes.
import type { Envelope } from '@obmcp/contract';
import { assertEnvelope, callTool, type RunningServer, startServer } from '@obmcp/test-kit';
import { expect } from 'vitest';

export const US_PROFILE = 1111111111;

export function start(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({ app: 'ads-mcp', env: { CODE_MODE: 'off', ...env } });
}

export async function ok(
  s: RunningServer,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const out = await callTool(s.client, name, args);
  if (out.envelope) throw new Error(`${name} failed: ${JSON.stringify(out.envelope)}`);
  expect(out.result).toBeDefined();
  return out.result as Record<string, unknown>;
}

export async function fail(
  s: RunningServer,
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
