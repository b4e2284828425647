// The envelope a call whose arguments fail their schema gets: codes, details and hints in the published shape.
import type { ErrorObject } from 'ajv';
import { buildEnvelope } from '../envelope/build.js';
import type { Envelope } from '../envelope/types.js';
import type { HintTables } from '../hints/tables.js';
import { describeInPublishedShape } from './published-errors.js';

export interface ValidationEnvelopeInput {
  /** The tool the arguments were sent to. */
  tool: string;
  /** The full schema the arguments were validated against (strict rule applied). */
  schema: unknown;
  /** The validator's errors for `args`. */
  errors: readonly ErrorObject[];
  /** The arguments as validated (open maps decoded, keys normalized). */
  args: unknown;
  tables?: HintTables;
  /** The tool's examples, returned so the agent can retry. */
  examples: readonly unknown[];
  /** The call's telemetry so far (rate limit, normalization events …). */
  meta?: Record<string, unknown>;
}

/**
 * `mcp_input_validation`: told in the shape tools/list published (entries for maps), not the full schema's;
 * `_meta.hint_categories` lists the hint categories used, `_meta.validator` the first keyword the mapping lacks.
 */
export function validationEnvelope(input: ValidationEnvelopeInput): Envelope {
  const report = describeInPublishedShape(input.errors, input.args, input.schema, input.tables);
  // buildEnvelope drops empty and undefined `_meta` values: no hint, no unmapped keyword → no key.
  const meta: Record<string, unknown> = {
    ...input.meta,
    hint_categories: [...new Set(report.hints.map((h) => h.category))],
    validator: report.unknownKeywords[0],
  };
  return buildEnvelope({
    kind: 'mcp_input_validation',
    tool: input.tool,
    code: report.code,
    summary: report.summary,
    retryable: false,
    details: report.details,
    hints: report.orderedHints,
    examples: input.examples,
    meta,
  });
}
