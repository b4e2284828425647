// One call through the contract: normalize → validate → (split passthrough) → handler → value or envelope.
import type { ContractSettings } from '../config/env.js';
import { envelopeFromThrown } from '@obmcp/contract/internal/envelope/classify.js';
import type { Envelope, NormalizationEvent } from '@obmcp/contract/internal/envelope/types.js';
import { decodeMapEntries } from '@obmcp/contract/internal/normalize/map-entries.js';
import { normalizeArgs } from '@obmcp/contract/internal/normalize/normalize.js';
import { validationEnvelope } from '@obmcp/contract/internal/validation/validation-envelope.js';
import type { CompiledTool } from './compiled-tool.js';
import { createMetaCollector } from './meta-collector.js';
import { currentSessionChoices } from './session-choices.js';
import { splitPassthrough } from '@obmcp/contract/internal/tool/passthrough.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import type {
  CallContext,
  CallOutcome,
  ProgressReporter,
  ServerProfile,
  ToolHost,
} from '@obmcp/contract/internal/tool/types.js';

export interface PipelineDeps {
  profile: ServerProfile;
  settings: ContractSettings;
  log: Logger;
  host: ToolHost;
}

export interface PipelineOutcome {
  outcome: CallOutcome;
  /** `_meta` to merge into an object result (already folded into the envelope on failure). */
  meta: Record<string, unknown>;
}

/** One child logger per (logger, tool): creating it on every call was measurable per-call work. */
const toolLoggers = new WeakMap<Logger, Map<string, Logger>>();

function toolLogger(log: Logger, tool: string): Logger {
  let byTool = toolLoggers.get(log);
  // Stryker disable next-line ConditionalExpression: a cache: a new map or child each call logs the same lines (equivalent, only slower), see README
  if (byTool === undefined) {
    byTool = new Map();
    toolLoggers.set(log, byTool);
  }
  let child = byTool.get(tool);
  // Stryker disable next-line ConditionalExpression: as above
  if (child === undefined) {
    child = log.child({ tool });
    byTool.set(tool, child);
  }
  return child;
}

export async function runPipeline(
  tool: CompiledTool,
  rawArgs: unknown,
  deps: PipelineDeps,
  signal: AbortSignal,
  progress: ProgressReporter | undefined,
  task: Pick<CallContext, 'reattach' | 'askInput' | 'gathered'>,
): Promise<PipelineOutcome> {
  const name = tool.definition.name;
  const meta = createMetaCollector();
  let events: NormalizationEvent[] = [];
  const metaWithEvents = (): Record<string, unknown> => {
    const snapshot = meta.snapshot();
    if (deps.settings.normalizationMeta && events.length > 0) snapshot.normalized = events;
    return snapshot;
  };
  const fail = (thrown: unknown): PipelineOutcome => {
    const envelope = envelopeFromThrown(thrown, {
      profile: deps.profile,
      tool: name,
      log: deps.log,
      meta: metaWithEvents(),
      examples: tool.examples,
    });
    return { outcome: { ok: false, envelope }, meta: {} };
  };
  try {
    let args: unknown = rawArgs ?? {};
    // On most schemas valid arguments come out of normalization unchanged: check them first, normalize the rest.
    // Stryker disable next-line ConditionalExpression: validateFirst holds only where normalizing valid arguments changes nothing (equivalent fast path), see README
    let valid = tool.validateFirst && tool.validate(args);
    // Stryker disable next-line ConditionalExpression: decoding arguments that already validate changes nothing (as above)
    if (!valid) {
      // The published form of open maps (`[{key, value}]`) is part of tools/list: decoded whatever the switch.
      args = decodeMapEntries(args, tool.schema, events);
    }
    if (deps.settings.normalizationEnabled && !valid) {
      const normalized = normalizeArgs(args, tool.schema, {
        strictUnknown: deps.settings.strictUnknown,
        tables: deps.profile.hintTables,
      });
      args = normalized.args;
      events = [...events, ...normalized.events];
    }
    valid ||= tool.validate(args);
    if (!valid) {
      return {
        outcome: { ok: false, envelope: rejection(tool, args, deps, metaWithEvents()) },
        meta: {},
      };
    }
    const log = toolLogger(deps.log, name);
    // Strict mode off: unknown top-level fields leave the args and travel as call.passthrough.
    const target = deps.settings.strictUnknown ? undefined : tool.definition.passthrough;
    const split = splitPassthrough(args, tool.schema, target);
    const value = await tool.definition.handler(split.args as never, {
      tool: name,
      signal,
      meta,
      log,
      host: deps.host,
      normalized: events,
      ...(split.passthrough ? { passthrough: split.passthrough } : {}),
      ...(progress ? { progress } : {}),
      ...(task.reattach ? { reattach: task.reattach } : {}),
      ...(task.askInput ? { askInput: task.askInput } : {}),
      ...(task.gathered ? { gathered: task.gathered } : {}),
    });
    // A switch the tool made (set_region …) is in the shared store before the answer leaves: the next call, on any replica, sees it.
    await currentSessionChoices()?.flush();
    return { outcome: { ok: true, value }, meta: metaWithEvents() };
  } catch (thrown) {
    return fail(thrown);
  }
}

function rejection(
  tool: CompiledTool,
  args: unknown,
  deps: PipelineDeps,
  meta: Record<string, unknown>,
): Envelope {
  return validationEnvelope({
    tool: tool.definition.name,
    schema: tool.schema,
    // Stryker disable next-line ArrayDeclaration: ajv sets errors on every failed validation; the fallback is for its type
    errors: tool.validate.errors ?? [],
    args,
    tables: deps.profile.hintTables,
    examples: tool.examples,
    meta,
  });
}
