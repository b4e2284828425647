// Test helpers: a capturing logger, envelope assertions, fixture readers.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { validateEnvelope } from '../src/entries/envelope.js';
import { createLogger } from '../src/tool/logger.js';
import type { JsonSchema, ToolDefinition } from '../src/tool/types.js';

export const FIXTURES = new URL('./fixtures/', import.meta.url);

/** The smallest buildEnvelope input: the envelope tests spread it and change one field. */
export const MINIMAL_ENVELOPE_INPUT = {
  kind: 'internal_error',
  tool: 't',
  code: 'INTERNAL_ERROR',
  summary: 's',
  retryable: false,
} as const;

export function readJson(url: URL): unknown {
  return JSON.parse(readFileSync(url, 'utf8'));
}

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

/** What the wire carries: the JSON round-trip of a value. */
export const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function expectSchemaValid(value: unknown): void {
  const result = validateEnvelope(wire(value));
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

/** A tool over `inputSchema` whose handler echoes its arguments. */
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
