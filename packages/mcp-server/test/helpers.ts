// Test helpers: hosts over ad-hoc tools, a capturing logger, envelope assertions.
import { expect } from 'vitest';
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import type { ContractHost } from '../src/server/host.js';
import { createContractServer, createLogger } from '../src/entries/server.js';
import type { Envelope, JsonSchema, Logger, ToolDefinition } from '@obmcp/contract';
import { silentLogger } from '../src/entries/testing.js';
import { validateEnvelope } from '@obmcp/contract/envelope';

/** A logger whose JSON lines are kept in memory (what would have gone to stderr). */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ name: 'test', level: 'debug', write: (line) => lines.push(line) });
  return {
    logger,
    text: () => lines.join(''),
    records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export function tool(
  name: string,
  inputSchema: JsonSchema,
  handler?: ToolDefinition['handler'],
): ToolDefinition {
  return {
    name,
    description: `${name} (test tool)`,
    inputSchema,
    handler: handler ?? ((args) => ({ args })),
  };
}

/** A host over the given tools; `env` replaces process.env entirely (defaults apply to what is absent). */
export function hostWith(
  tools: readonly ToolDefinition[],
  env: Record<string, string> = {},
  logger: Logger = silentLogger,
): ContractHost {
  return createContractServer({ profile: exampleProfile, tools, env, logger }).host;
}

/** What the wire carries: the JSON round-trip of a value. */
export const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function expectSchemaValid(value: unknown): void {
  const result = validateEnvelope(wire(value));
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

export async function envelopeOf(host: ContractHost, name: string, args: unknown): Promise<Envelope> {
  const outcome = await host.call(name, args);
  if (outcome.ok) throw new Error(`expected an envelope, got ${JSON.stringify(outcome.value)}`);
  expectSchemaValid(outcome.envelope);
  return outcome.envelope;
}

/** The wire-level outcome, with the success `_meta` the server merges into object results. */
export function invoke(host: ContractHost, name: string, args: unknown) {
  return host.invoke(name, args, { signal: new AbortController().signal, listedOnly: false });
}

/** Polls `check` every 5 ms until it holds; fails naming `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Resolves after `ms` of real time. */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
