// The shapes an app hands to the wiring: its profile, its tools, and the per-call context.
import type { Envelope, NormalizationEvent, RateLimitMeta, WarningEntry } from '../envelope/types.js';
import type { HttpCodePrefix } from '../taxonomy.js';
import type { ErrorKind } from '../taxonomy.js';
import type { HintTables } from '../hints/tables.js';
import type { Logger } from './logger.js';

/** A JSON value as it crosses the wire. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON Schema (draft 2020-12) as published in tools/list. Kept structural on purpose. */
export type JsonSchema = { [key: string]: unknown };

/** One server's declaration: everything the contract needs to know about it. */
export interface ServerProfile {
  /** MCP server name, e.g. 'sp-mcp'. */
  name: string;
  version: string;
  /** Kind for upstream HTTP 4xx/5xx (not 401/403/429). */
  httpKind: Extract<ErrorKind, 'sp_api_http' | 'ads_api_http'>;
  /** Kind for client-side failures (transport, body coercion, pre-upstream execution). */
  clientKind: Extract<ErrorKind, 'sp_api_client' | 'ads_api_client'>;
  /** Prefix for `<PREFIX>_HTTP_<NNN>` codes. */
  httpCodePrefix: HttpCodePrefix;
  /** Kinds this server can emit; advertised in capabilities and get_envelope_contract. */
  errorKinds: readonly ErrorKind[];
  /** Per-server hint tables (rename table, value aliases). */
  hintTables?: HintTables;
  /** Shown to agents in `initialize`. */
  instructions?: string;
  /** The variable that narrows the listing (e.g. `SP_API_TOOLSETS`), named by the large-listing warning. */
  toolsetsVariable?: string;
}

/**
 * The kinds an upstream server can emit, in the order capabilities advertise them: the common ones plus
 * its own HTTP and client kinds (every app's `profile.errorKinds`).
 */
export function upstreamErrorKinds(
  httpKind: ServerProfile['httpKind'],
  clientKind: ServerProfile['clientKind'],
): readonly ErrorKind[] {
  return [
    'mcp_input_validation',
    'tool_not_found',
    httpKind,
    clientKind,
    'auth_error',
    'rate_limited',
    'sandbox_runtime',
    'internal_error',
  ];
}

/** MCP tool annotations (spec 2025-06-18+). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as an app declares it. The inputSchema must carry `examples` with ≥ 1 valid object. */
export interface ToolDefinition<Args = JsonObject> {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: ToolAnnotations;
  /**
   * Where unknown top-level fields go when MCP_STRICT_UNKNOWN_FIELDS=false: the upstream request's
   * query string or its JSON body (see `passthroughParts`). A tool without it stays strict at the top
   * level whatever the switch says; a tool with it must leave its top-level `additionalProperties` unset.
   */
  passthrough?: PassthroughTarget;
  /** Tool `_meta` published in tools/list (e.g. `io.obmcp/operation`). */
  _meta?: Record<string, unknown>;
  /**
   * A tool that waits on an upstream job (create → poll → download): 'optional' publishes
   * `execution.taskSupport` so a host may run it as an MCP task; called inline it runs as today.
   * 'required': it runs only as a task (a request without the Tasks extension: -32021 on 2026-07-28,
   * a 2025-era call without `params.task`: -32601).
   */
  taskSupport?: 'optional' | 'required';
  /**
   * A task-supporting tool that needs input before its task starts (2026-07-28: SEP-2322 rounds, then
   * SEP-2663's CreateTaskResult): the requests still to ask, given the answers so far; undefined or empty
   * when it has what it needs. The answers reach the task's run as `call.gathered`.
   */
  gatherInput?: (
    args: Readonly<Record<string, unknown>>,
    answers: Readonly<Record<string, unknown>>,
  ) => Readonly<Record<string, InputRequestSpec>> | undefined;
  handler: (args: Args, call: CallContext) => unknown | Promise<unknown>;
}

export type PassthroughTarget = 'query' | 'body';

/** Unknown top-level fields a call carries to its upstream request (strict mode off only). */
export interface Passthrough {
  readonly target: PassthroughTarget;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** Telemetry collected during one call; merged into `_meta` of the result or envelope. */
export interface MetaCollector {
  setRateLimit(rateLimit: RateLimitMeta | undefined): void;
  setRetryAfter(seconds: number | undefined): void;
  addWarning(warning: WarningEntry): void;
  setRequestId(requestId: string | undefined): void;
  /** Any other `_meta` key (e.g. `schema_branches`, `validator`). */
  set(key: string, value: Json): void;
  snapshot(): Record<string, unknown>;
}

/** Result of calling a tool through the full pipeline (used by Code Mode). */
export type CallOutcome = { ok: true; value: unknown } | { ok: false; envelope: Envelope };

/** A listed tool's public face: the portable inputSchema, examples under `_meta["io.obmcp/examples"]`. */
export interface ToolInfo {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema;
  _meta?: { [key: string]: unknown };
  annotations?: ToolAnnotations;
  /** MCP tool execution hints: `taskSupport` for tools that may run as tasks. */
  execution?: { taskSupport: 'optional' | 'required' };
}

/** The pipeline, callable from inside a tool (Code Mode's call_tool). */
export interface ToolHost {
  readonly profile: ServerProfile;
  /** Every tool the host can call, listed or internal. */
  tools(): ToolInfo[];
  describe(name: string): ToolInfo | undefined;
  /**
   * normalize → validate → handler → envelope; never throws for envelope-shaped failures. An object
   * value carries the call's `_meta` (rate limits, request id …) merged in, as on the wire.
   */
  call(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<CallOutcome>;
}

/** Handed to every handler: explicit per-call state, never module-level. */
export interface CallContext {
  readonly tool: string;
  readonly signal: AbortSignal;
  readonly meta: MetaCollector;
  readonly log: Logger;
  readonly host: ToolHost;
  /** Normalization events that happened before the handler ran. */
  readonly normalized: readonly NormalizationEvent[];
  /**
   * Unknown top-level fields to forward (set only with MCP_STRICT_UNKNOWN_FIELDS=false, on a tool that
   * declares `passthrough`, when the call sent some). They are not in the handler's `args`; the app's
   * request building hands them on with `passthroughParts`.
   */
  readonly passthrough?: Passthrough;
  /**
   * Where a waiting tool reports its job's progress (status transitions, a percentage where known): the
   * wiring turns it into notifications/progress and task status; it rejects once the call is cancelled.
   * Absent for nested calls (Code Mode); `pollJob` handles both.
   */
  readonly progress?: ProgressReporter;
  /**
   * Set when this call resumes a task another replica handed over on shutdown: the `reattach` state its
   * run last reported (e.g. `{ reportId }`). The tool waits on that upstream job instead of starting one.
   */
  readonly reattach?: Readonly<Record<string, unknown>>;
  /**
   * Set when the call runs as a task of the 2026-07-28 Tasks extension: asks the client for input (each
   * entry an `elicitation/create`, `sampling/createMessage` or `roots/list` request, keyed by an id). The
   * task shows `input_required` with these `inputRequests` until `tasks/update` has answered every key;
   * resolves with the answers by key. No product tool asks for input today (the conformance fixtures do).
   */
  readonly askInput?: (
    requests: Readonly<Record<string, InputRequestSpec>>,
  ) => Promise<Record<string, unknown>>;
  /** The answers the tool's `gatherInput` collected before its task was created. */
  readonly gathered?: Readonly<Record<string, unknown>>;
}

/** One request for input inside a task (SEP-2322's embedded request). */
export interface InputRequestSpec {
  method: string;
  params?: Record<string, unknown>;
}

/** One step of a waiting tool's upstream job. */
export interface ProgressUpdate {
  /** The upstream's own status word (IN_QUEUE, PROCESSING, RUNNING …). */
  status: string;
  /** Work done so far, when the upstream says (a percentage: total 100). */
  progress?: number;
  total?: number;
  /** One line for humans; default: the status. */
  message?: string;
  /**
   * Arguments that make the same tool wait on this upstream job instead of starting another (e.g.
   * `{ reportId }`): a task whose server shuts down is handed over with them, and another replica resumes it.
   */
  resume?: Readonly<Record<string, unknown>>;
  /**
   * Like `resume`, for a tool whose arguments cannot name the job: state handed over with the task and
   * given back to the same tool, called with the same arguments on another replica, as `call.reattach`.
   */
  reattach?: Readonly<Record<string, unknown>>;
}

export type ProgressReporter = (update: ProgressUpdate) => Promise<void>;
