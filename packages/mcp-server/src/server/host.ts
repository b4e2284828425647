// ToolHost: every compiled tool (listed or internal) behind one call() that never throws envelopes.
import type { ContractSettings } from '../config/env.js';
import { envelopeFromThrown } from '@obmcp/contract/internal/envelope/classify.js';
import { assertToolShape, type CompiledTool, compileTool, toolInfo } from './compiled-tool.js';
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';
import { type PipelineOutcome, runPipeline } from './pipeline.js';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import { withSuccessMeta } from './success-meta.js';
import { toolNotFoundEnvelope } from './tool-not-found.js';
import type {
  CallContext,
  ProgressReporter,
  ServerProfile,
  ToolDefinition,
  ToolHost,
  ToolInfo,
} from '@obmcp/contract/internal/tool/types.js';

export interface ContractHost extends ToolHost {
  /** Names of tools published in tools/list. */
  listed(): ToolInfo[];
  /** A listed tool's `gatherInput` requests still to ask (none: undefined), before its task is created. */
  gather(
    name: string,
    args: Readonly<Record<string, unknown>>,
    answers: Readonly<Record<string, unknown>>,
  ): Readonly<Record<string, unknown>> | undefined;
  /** Full outcome with the success `_meta`, for the wire. */
  invoke(
    name: string,
    args: unknown,
    options: {
      signal: AbortSignal;
      listedOnly: boolean;
      progress?: ProgressReporter;
      /** A handed-over task's state (CallContext.reattach). */
      reattach?: Readonly<Record<string, unknown>>;
      /** A 2026-07-28 task's way to ask the client for input (CallContext.askInput). */
      askInput?: CallContext['askInput'];
      /** The answers gathered before the task was created (CallContext.gathered). */
      gathered?: CallContext['gathered'];
    },
  ): Promise<PipelineOutcome>;
}

interface HostEntry {
  definition: ToolDefinition;
  listed: boolean;
  info?: ToolInfo;
  /** The first call's compile: the validator, or what it threw (remembered, so it is never compiled twice). */
  compiled?: { ok: true; tool: CompiledTool } | { ok: false; thrown: unknown };
}

/** Derived once, on the first listing or call: the compile below reuses it. */
function infoOf(entry: HostEntry, settings: ContractSettings): ToolInfo {
  entry.info ??= toolInfo(entry.definition, settings);
  return entry.info;
}

/** Compiles on the first call only; a compile that threw throws the same value on every later call. */
function compiledOf(entry: HostEntry, settings: ContractSettings): CompiledTool {
  // Stryker disable next-line ConditionalExpression: compiling again gives the same validator or the same throw (equivalent, only slower), see README
  if (!entry.compiled) {
    try {
      entry.compiled = { ok: true, tool: compileTool(entry.definition, settings, infoOf(entry, settings)) };
    } catch (thrown) {
      entry.compiled = { ok: false, thrown };
    }
  }
  if (!entry.compiled.ok) throw entry.compiled.thrown;
  return entry.compiled.tool;
}

export function createToolHost(
  profile: ServerProfile,
  listed: readonly ToolDefinition[],
  internal: readonly ToolDefinition[],
  settings: ContractSettings,
  log: Logger,
): ContractHost {
  const tools = new Map<string, HostEntry>();
  for (const [defs, isListed] of [
    [listed, true],
    [internal, false],
  ] as const) {
    for (const def of defs) {
      if (tools.has(def.name)) throw new Error(`duplicate tool name: ${def.name}`);
      assertToolShape(def);
      const entry: HostEntry = { definition: def, listed: isListed };
      // Every tool derives its published view on its first listing and compiles its validator (and checks
      // its examples) on its first call, so cold start does not grow with the tool count. Neither is a
      // run-time gate: each app's snapshot test proves every published view portable (docs/CONTRACT.md).
      tools.set(def.name, entry);
    }
  }
  const host: ContractHost = {
    profile,
    tools: () => [...tools.values()].map((t) => infoOf(t, settings)),
    listed: () => [...tools.values()].filter((t) => t.listed).map((t) => infoOf(t, settings)),
    describe: (name) => {
      const entry = tools.get(name);
      return entry ? infoOf(entry, settings) : undefined;
    },
    gather(name, args, answers) {
      const entry = tools.get(name);
      if (!entry?.listed || entry.definition.gatherInput === undefined) return undefined;
      const requests = entry.definition.gatherInput(args, answers);
      return requests !== undefined && Object.keys(requests).length > 0 ? requests : undefined;
    },
    async invoke(name, args, options) {
      const entry = tools.get(name);
      if (!entry || (options.listedOnly && !entry.listed)) {
        const names = [...tools.entries()].filter(([, t]) => t.listed || !options.listedOnly).map(([n]) => n);
        return { outcome: { ok: false, envelope: toolNotFoundEnvelope(name, names) }, meta: {} };
      }
      let compiled: CompiledTool;
      try {
        compiled = compiledOf(entry, settings);
      } catch (thrown) {
        // A tool whose schema does not compile or whose example fails it: every call fails the same way
        // (one compile, remembered), the server stays.
        return {
          outcome: { ok: false, envelope: envelopeFromThrown(thrown, { profile, tool: name, log }) },
          meta: {},
        };
      }
      const deps = { profile, settings, log, host };
      // A task's reattach, askInput and gathered, when set: the pipeline hands on only those present.
      return runPipeline(compiled, args, deps, options.signal, options.progress, options);
    },
    async call(name, args, options) {
      const signal = options?.signal ?? new AbortController().signal;
      const { outcome, meta } = await host.invoke(name, args, { signal, listedOnly: false });
      // Same shape as on the wire: a Code Mode script sees the nested call's rate limits and request id.
      if (outcome.ok && isPlainObject(outcome.value))
        return { ok: true, value: withSuccessMeta(outcome.value, meta) };
      return outcome;
    },
  };
  return host;
}
