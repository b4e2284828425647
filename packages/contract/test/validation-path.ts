// The contract's validation path as a server runs it on one call (mcp-server's pipeline composes the same calls).
import { envelopeFromThrown } from '../src/envelope/classify.js';
import type { Envelope, NormalizationEvent } from '../src/envelope/types.js';
import { exampleProfile, exampleTools } from '../src/example/example-tools.js';
import type { HintTables } from '../src/hints/tables.js';
import { decodeMapEntries } from '../src/normalize/map-entries.js';
import { normalizeArgs } from '../src/normalize/normalize.js';
import type { JsonSchema } from '../src/tool/types.js';
import { sharedAjv } from '../src/validation/ajv.js';
import { closeTopLevel, injectStrictUnknown } from '../src/validation/strict-unknown.js';
import { validationEnvelope } from '../src/validation/validation-envelope.js';
import { expectSchemaValid } from './helpers.js';

export interface CheckOptions {
  /** MCP_STRICT_UNKNOWN_FIELDS (default on: silent objects closed). */
  strictUnknown?: boolean;
  /** MCP_SCHEMA_KEY_NORMALIZATION_ENABLED (default on). */
  normalize?: boolean;
  /** The profile's hint tables (default: the example profile's, as the server tests had). */
  tables?: HintTables;
}

export type CheckOutcome = { ok: true; args: unknown } | { ok: false; envelope: Envelope };

/**
 * Arguments through the strict rule, map-entry decoding, normalization and ajv; the args a handler would get,
 * or the schema-valid envelope the agent would get (a tool named `t`, the schema's examples attached).
 */
export function check(schema: JsonSchema, rawArgs: unknown, options: CheckOptions = {}): CheckOutcome {
  const strictUnknown = options.strictUnknown ?? true;
  const tables = options.tables ?? exampleProfile.hintTables;
  const full = strictUnknown ? injectStrictUnknown(schema) : closeTopLevel(schema);
  const { $schema: _s, $id: _i, ...body } = full as Record<string, unknown>;
  const validate = sharedAjv().compile(body);
  const examples = Array.isArray(full.examples) ? full.examples : [];
  const events: NormalizationEvent[] = [];
  let args: unknown;
  try {
    args = decodeMapEntries(rawArgs ?? {}, full, events);
    if (options.normalize ?? true) args = normalizeArgs(args, full, { strictUnknown, tables }).args;
  } catch (thrown) {
    const envelope = envelopeFromThrown(thrown, { profile: exampleProfile, tool: 't', examples });
    expectSchemaValid(envelope);
    return { ok: false, envelope };
  }
  if (validate(args)) return { ok: true, args };
  const envelope = validationEnvelope({
    tool: 't',
    schema: full,
    errors: validate.errors ?? [],
    args,
    tables,
    examples,
  });
  expectSchemaValid(envelope);
  return { ok: false, envelope };
}

/** The envelope for arguments that must fail (throws when they pass). */
export function rejectionOf(schema: JsonSchema, args: unknown, options?: CheckOptions): Envelope {
  const outcome = check(schema, args, options);
  if (outcome.ok) throw new Error(`expected an envelope, got ${JSON.stringify(outcome.args)}`);
  return outcome.envelope;
}

/** The input schema of one of the example tools (list_orders …). */
export function exampleSchema(name: string): JsonSchema {
  const found = exampleTools.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no example tool ${name}`);
  return found.inputSchema;
}
