// createContractServer: an SDK low-level Server whose every tool runs through the contract pipeline.
import {
  type CallToolRequest,
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type Implementation,
  type Notification,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type Server,
  type ServerContext as SdkContext,
  type Tool,
} from '@modelcontextprotocol/server';
import { type ContractSettings, readContractSettings } from '../config/env.js';
import { CONTRACT_VERSION } from '@obmcp/contract/internal/version.js';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import { envelopeFromThrown } from '@obmcp/contract/internal/envelope/classify.js';
import { envelopeContractTool } from './contract-tool.js';
import { testHookTools } from './test-hooks.js';
import { type ContractHost, createToolHost } from './host.js';
import { warnOnLargeListing } from './listing-size.js';
import { createLogger, type Logger } from '@obmcp/contract/internal/tool/logger.js';
import { toCallToolResult } from './result.js';
import type { ServerProfile, ToolDefinition, ToolInfo } from '@obmcp/contract/internal/tool/types.js';
import { MemoryTaskRecords } from '../tasks/memory-task-records.js';
import { progressNotifier } from '../tasks/progress-notifier.js';
import type { TaskRecords } from '../tasks/task-records.js';
import { registerTaskMethods } from '../tasks/task-methods.js';
import {
  createTaskResult,
  declaresTasks,
  isModernVersion,
  missingTasksExtension,
} from '../tasks/tasks-extension.js';
import { TaskRunner } from '../tasks/task-runner.js';
import { readTaskSettings, type TaskSettings } from '../tasks/task-settings.js';
import { clientRendersViews, UI_EXTENSION_CAPABILITY } from '../views/ui-extension.js';
import { createViewRegistry, type ViewRegistry } from '../views/view-registry.js';
import type { ViewDefinition } from '../views/view-types.js';
import { cacheHints } from './cache-hints.js';
import { ContractSdkServer } from './sdk-server.js';
import { type CallTrace, callTrace, tracedLogger, withCallTrace } from './trace-context.js';

export interface ContractServerOptions {
  profile: ServerProfile;
  /** Published in tools/list and callable directly. */
  tools: readonly ToolDefinition[];
  /** Callable only through the host (Code Mode `only`). */
  internalTools?: readonly ToolDefinition[];
  env?: Record<string, string | undefined>;
  /** The MCP_* switches as the app's config read them; default: read from `env`. */
  settings?: ContractSettings;
  logger?: Logger;
  /** Where MCP tasks live (Redis for replicas sharing them); default: this process's memory. */
  taskRecords?: TaskRecords;
  /** The OBMCP_TASK_* bounds; default: read from `env`. */
  taskSettings?: TaskSettings;
  /** MCP Apps views (ui:// resources) and the tools they render; none: no resources capability. */
  views?: readonly ViewDefinition[];
  /**
   * Tools served as plain MCP, outside the contract pipeline (no envelope, no normalization): listed after
   * the contract tools. For test fixtures only (the official conformance suite's, src/example); a product
   * tool is a ToolDefinition.
   */
  rawTools?: readonly RawTool[];
  /**
   * Registers more methods (and their capabilities) on every SDK Server this creates, e.g. the conformance
   * suite's prompts and resources. Test fixtures only; must not take a method the wiring serves.
   */
  extend?: (server: Server) => void;
}

/** A tool served as plain MCP (see ContractServerOptions.rawTools). */
export interface RawTool {
  /** Its tools/list entry, sent as written. */
  tool: Tool;
  handler: (args: Record<string, unknown>, ctx: SdkContext) => Promise<Result>;
}

/** What a server serves beyond its contract tools and views. */
interface Extras {
  rawTools: ReadonlyMap<string, RawTool>;
  extend?: (server: Server) => void;
}

/** Who is calling, as the transport knows it: tasks are scoped to it. */
export interface ServerContext {
  /** A hash of the caller's credentials (never the secret); default 'local' (stdio: one client). */
  owner?: string;
}

/**
 * A new SDK Server per connection (stdio) or per request (HTTP), for one caller; `inputSchemaOf` lets the
 * HTTP layer read a listed tool's input schema (its `x-mcp-header` declarations) before the SDK runs.
 */
export type ServerFactory = ((context?: ServerContext) => Server) & {
  inputSchemaOf?: (tool: string) => unknown;
};

export interface ContractServer {
  /** A server bound to the host (connect it to one transport). */
  server: Server;
  host: ContractHost;
  /** Another server on the same host, for transports that need one per request (HTTP). */
  newServer: ServerFactory;
  /** Runs task-augmented calls; its records are what tasks/get, tasks/result and tasks/cancel read. */
  tasks: TaskRunner;
}

export function capabilityBlock(profile: ServerProfile) {
  return { contract_version: CONTRACT_VERSION, error_kinds: [...profile.errorKinds] };
}

export function createContractServer(options: ContractServerOptions): ContractServer {
  const { profile } = options;
  const env = options.env ?? process.env;
  const settings = options.settings ?? readContractSettings(env);
  // Every line a call writes (the upstream client's included) carries that call's trace id.
  const log = tracedLogger(options.logger ?? createLogger({ name: profile.name }));
  const listed = [...options.tools, envelopeContractTool(profile, settings), ...testHookTools(env)];
  const host = createToolHost(profile, listed, options.internalTools ?? [], settings, log);
  warnOnLargeListing(host.listed().length, profile.toolsetsVariable, log);
  const taskSettings = options.taskSettings ?? readTaskSettings(env);
  const tasks = new TaskRunner({
    records: options.taskRecords ?? new MemoryTaskRecords(taskSettings.maxTasks),
    settings: taskSettings,
    host,
    profile,
    log,
  });
  const views = createViewRegistry(profile.name, options.views ?? []);
  const extras: Extras = {
    rawTools: new Map((options.rawTools ?? []).map((t) => [t.tool.name, t])),
    ...(options.extend ? { extend: options.extend } : {}),
  };
  for (const name of extras.rawTools.keys()) {
    if (host.describe(name)) throw new Error(`duplicate tool name: ${name} (a raw tool and a contract tool)`);
  }
  const bind = (context?: ServerContext) =>
    bindServer(
      profile,
      host,
      log,
      tasks,
      context?.owner ?? 'local',
      views,
      taskSettings.pollIntervalMs,
      extras,
    );
  const newServer: ServerFactory = Object.assign(bind, {
    inputSchemaOf: (tool: string): unknown =>
      extras.rawTools.get(tool)?.tool.inputSchema ?? host.listed().find((t) => t.name === tool)?.inputSchema,
  });
  return { server: newServer(), host, newServer, tasks };
}

/**
 * 2025-11-25 (initialize): tools/call may run as a task (tools that declare taskSupport); tasks/list and
 * tasks/cancel are served. 2026-07-28 (server/discover) advertises the Tasks extension instead (sdk-server.ts).
 */
const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** A fresh SDK Server on an existing host: schemas stay compiled once per process. */
function bindServer(
  profile: ServerProfile,
  host: ContractHost,
  log: Logger,
  tasks: TaskRunner,
  owner: string,
  views: ViewRegistry,
  taskPollMs: number,
  extras: Extras,
): Server {
  const serving = views.size > 0;
  const server = new ContractSdkServer(
    { name: profile.name, version: profile.version },
    {
      capabilities: {
        tools: { listChanged: false },
        tasks: TASKS_CAPABILITY,
        ...(serving ? { resources: {}, extensions: UI_EXTENSION_CAPABILITY } : {}),
        experimental: { openbridge_envelope: capabilityBlock(profile) },
      },
      ...(profile.instructions ? { instructions: profile.instructions } : {}),
      // 2026-07-28 results carry ttlMs/cacheScope; 2025-era answers never do (the SDK's codec decides).
      cacheHints: cacheHints(serving),
    },
  );
  // tasks/get, tasks/result (blocking until the task ends), tasks/list and tasks/cancel: this caller's tasks only.
  registerTaskMethods(server, tasks.storeFor(owner), taskPollMs);
  server.setRequestHandler('tools/list', (_request, ctx) => {
    // A client that did not announce the extension gets exactly the listing it got before views existed.
    // On 2026-07-28 the request's own _meta says (stdio as HTTP: serveStdio keeps no per-connection copy);
    // on a 2025 connection, initialize did. A server that saw neither (stateless 2025 HTTP: one Server per
    // request) cannot know, so it links (a client without the extension ignores `_meta.ui`, as the spec has it).
    const client = requestCapabilities(ctx) ?? server.getClientCapabilities();
    const linked = serving && (client === undefined || clientRendersViews(client));
    return {
      tools: [
        ...host.listed().map((t) => {
          const meta = linked ? withViewMeta(t, views) : t._meta;
          return {
            name: t.name,
            ...(t.title ? { title: t.title } : {}),
            description: t.description,
            inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
            ...(t.annotations ? { annotations: t.annotations } : {}),
            ...(meta ? { _meta: meta } : {}),
            ...(t.execution ? { execution: t.execution } : {}),
          };
        }),
        ...[...extras.rawTools.values()].map((t) => t.tool),
      ],
    };
  });
  if (serving) {
    server.setRequestHandler('resources/list', () => ({ resources: views.list() }));
    server.setRequestHandler('resources/read', (request) => views.read(request.params.uri));
  }
  // The SDK validates tools/call params first and answers -32602 Invalid params, as JSON-RPC says.
  server.setRequestHandler('tools/call', (request: CallToolRequest, ctx) =>
    withCallTrace(traceOf(server, request, ctx), () => callTool(request, ctx)),
  );
  const taskSupportOf = (name: string) => host.listed().find((t) => t.name === name)?.execution?.taskSupport;
  const callTool = async (request: CallToolRequest, ctx: SdkContext): Promise<CallToolResult> => {
    const raw = extras.rawTools.get(request.params.name);
    if (raw) return (await raw.handler(request.params.arguments ?? {}, ctx)) as CallToolResult;
    // Async: a send on a closed connection (an HTTP reply already sent) rejects, it never throws.
    const send = async (notification: Notification) => ctx.mcpReq.notify(notification);
    // The SDK hands the request's own `_meta` as ctx.mcpReq._meta.
    const progressToken = ctx.mcpReq._meta?.progressToken;
    const channel = { send, ...(progressToken === undefined ? {} : { progressToken }) };
    if (isModernVersion(server.getNegotiatedProtocolVersion())) {
      // The Tasks extension: the server decides. A task-supporting tool runs as a task for a request whose
      // `_meta` declares the extension; without it, it runs inline (`required`: -32021). A `params.task`
      // hint is ignored (it never makes a task of a tool that has no task support).
      const name = request.params.name;
      const support = taskSupportOf(name);
      if (support !== undefined && declaresTasks(ctx.mcpReq.envelope)) {
        // A tool that needs input first asks for it (input_required rounds, no task yet), then gets its task.
        const gathered = (ctx.mcpReq.inputResponses ?? {}) as Record<string, unknown>;
        const inputRequests = host.gather(name, request.params.arguments ?? {}, gathered);
        if (inputRequests !== undefined) {
          return { resultType: 'input_required', inputRequests } as unknown as CallToolResult;
        }
        const start = { interactive: true, ...(Object.keys(gathered).length > 0 ? { gathered } : {}) };
        const { task } = await tasks.start(request, owner, channel, start);
        return createTaskResult(task) as unknown as CallToolResult;
      }
      if (support === 'required') throw missingTasksExtension(`tools/call ${name}`);
    } else if (request.params.task !== undefined) {
      // 2025-11-25 task-augmented: answered with CreateTaskResult `{ task }` at once, the call runs on.
      return (await tasks.start(request, owner, channel)) as unknown as CallToolResult;
    } else if (taskSupportOf(request.params.name) === 'required') {
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        `Tool ${request.params.name} runs only as a task (execution.taskSupport "required"): call it with params.task`,
      );
    }
    const notifier = progressNotifier(progressToken, send);
    const outcome = await host.invoke(request.params.name, request.params.arguments ?? {}, {
      signal: ctx.mcpReq.signal,
      listedOnly: true,
      ...(progressToken === undefined ? {} : { progress: (update) => notifier.report(update) }),
    });
    // A handler bug (a cyclic result) is an internal_error envelope like any other; the log keeps the reason.
    const tool = request.params.name;
    return toCallToolResult(outcome, (error) => envelopeFromThrown(error, { profile, tool, log }));
  };
  extras.extend?.(server);
  return server;
}

/**
 * Who sent this call, read per request: a 2026-07-28 request names its revision and client in its own
 * `_meta` (no handshake state); a 2025-era one has what its initialize said. Plus its W3C trace context.
 */
/** The client capabilities a 2026-07-28 request declares in its `_meta`; undefined on the 2025 path. */
function requestCapabilities(ctx: SdkContext): ClientCapabilities | undefined {
  const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
    CLIENT_CAPABILITIES_META_KEY
  ];
  return isPlainObject(declared) ? (declared as ClientCapabilities) : undefined;
}

function traceOf(server: Server, request: CallToolRequest, ctx: SdkContext): CallTrace {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const version = envelope[PROTOCOL_VERSION_META_KEY];
  const info = envelope[CLIENT_INFO_META_KEY] as Implementation | undefined;
  const client = info ?? server.getClientVersion();
  const protocolVersion = typeof version === 'string' ? version : server.getNegotiatedProtocolVersion();
  return callTrace((ctx.mcpReq._meta ?? request.params._meta) as Record<string, unknown> | undefined, {
    ...(protocolVersion ? { protocolVersion } : {}),
    ...(client ? { client } : {}),
  });
}

/** The tool's own `_meta` plus its view link, when a view shows its result. */
function withViewMeta(tool: ToolInfo, views: ViewRegistry): ToolInfo['_meta'] {
  const ui = views.toolMeta(tool.name);
  return ui ? { ...tool._meta, ...ui } : tool._meta;
}
