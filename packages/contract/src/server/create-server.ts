// createContractServer: an SDK low-level Server whose every tool runs through the contract pipeline.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolRequest,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type ContractSettings, readContractSettings } from '../config/env.js';
import { CONTRACT_VERSION } from '../version.js';
import { envelopeFromThrown } from '../envelope/classify.js';
import { envelopeContractTool } from './contract-tool.js';
import { testHookTools } from './test-hooks.js';
import { type ContractHost, createToolHost } from './host.js';
import { warnOnLargeListing } from './listing-size.js';
import { createLogger, type Logger } from './logger.js';
import { toCallToolResult } from './result.js';
import type { ServerProfile, ToolDefinition, ToolInfo } from './types.js';
import { clientRendersViews, UI_EXTENSION_CAPABILITY } from './views/ui-extension.js';
import { createViewRegistry, type ViewRegistry } from './views/view-registry.js';
import type { ViewDefinition } from './views/view-types.js';

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
  /** MCP Apps views (ui:// resources) and the tools they render; none: no resources capability. */
  views?: readonly ViewDefinition[];
}

export interface ContractServer {
  /** A server bound to the host (connect it to one transport). */
  server: Server;
  host: ContractHost;
  /** Another server on the same host, for transports that need one per request (HTTP). */
  newServer: () => Server;
}

export function capabilityBlock(profile: ServerProfile) {
  return { contract_version: CONTRACT_VERSION, error_kinds: [...profile.errorKinds] };
}

export function createContractServer(options: ContractServerOptions): ContractServer {
  const { profile } = options;
  const env = options.env ?? process.env;
  const settings = options.settings ?? readContractSettings(env);
  const log = options.logger ?? createLogger({ name: profile.name });
  const listed = [...options.tools, envelopeContractTool(profile, settings), ...testHookTools(env)];
  const host = createToolHost(profile, listed, options.internalTools ?? [], settings, log);
  warnOnLargeListing(host.listed().length, profile.toolsetsVariable, log);
  const views = createViewRegistry(profile.name, options.views ?? []);
  const newServer = () => bindServer(profile, host, log, views);
  return { server: newServer(), host, newServer };
}

const LOOSE_CALL_TOOL = z.looseObject({ method: z.literal('tools/call') });

/** A fresh SDK Server on an existing host: schemas stay compiled once per process. */
function bindServer(profile: ServerProfile, host: ContractHost, log: Logger, views: ViewRegistry): Server {
  const serving = views.size > 0;
  const server = new Server(
    { name: profile.name, version: profile.version },
    {
      capabilities: {
        tools: { listChanged: false },
        ...(serving ? { resources: {}, extensions: UI_EXTENSION_CAPABILITY } : {}),
        experimental: { openbridge_envelope: capabilityBlock(profile) },
      },
      ...(profile.instructions ? { instructions: profile.instructions } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => {
    // A client that did not announce the extension gets exactly the listing it got before views existed.
    // A server that never saw initialize (stateless HTTP: one Server per request) cannot know, so it links
    // (a client without the extension ignores `_meta.ui`, as the MCP Apps spec has it).
    const client = server.getClientCapabilities();
    const linked = serving && (client === undefined || clientRendersViews(client));
    return {
      tools: host.listed().map((t) => {
        const meta = linked ? withViewMeta(t, views) : t._meta;
        return {
          name: t.name,
          ...(t.title ? { title: t.title } : {}),
          description: t.description,
          inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
          ...(t.annotations ? { annotations: t.annotations } : {}),
          ...(meta ? { _meta: meta } : {}),
        };
      }),
    };
  });
  if (serving) {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: views.list() }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => views.read(request.params.uri));
  }
  // Loose on purpose: the SDK's Protocol parses with this schema and answers a failure -32603; its
  // Server then validates tools/call params itself and answers -32602 Invalid params, as JSON-RPC says.
  server.setRequestHandler(LOOSE_CALL_TOOL, async (raw, extra) => {
    const request = raw as unknown as CallToolRequest;
    const outcome = await host.invoke(request.params.name, request.params.arguments ?? {}, {
      signal: extra.signal,
      listedOnly: true,
    });
    // A handler bug (a cyclic result) is an internal_error envelope like any other; the log keeps the reason.
    const tool = request.params.name;
    return toCallToolResult(outcome, (error) => envelopeFromThrown(error, { profile, tool, log }));
  });
  return server;
}

/** The tool's own `_meta` plus its view link, when a view shows its result. */
function withViewMeta(tool: ToolInfo, views: ViewRegistry): ToolInfo['_meta'] {
  const ui = views.toolMeta(tool.name);
  return ui ? { ...tool._meta, ...ui } : tool._meta;
}
