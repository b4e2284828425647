// createContractServer: an SDK low-level Server whose every tool runs through the contract pipeline.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { type CallToolRequest, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
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
import type { ServerProfile, ToolDefinition } from './types.js';

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
  const newServer = () => bindServer(profile, host, log);
  return { server: newServer(), host, newServer };
}

const LOOSE_CALL_TOOL = z.looseObject({ method: z.literal('tools/call') });

/** A fresh SDK Server on an existing host: schemas stay compiled once per process. */
function bindServer(profile: ServerProfile, host: ContractHost, log: Logger): Server {
  const server = new Server(
    { name: profile.name, version: profile.version },
    {
      capabilities: {
        tools: { listChanged: false },
        experimental: { openbridge_envelope: capabilityBlock(profile) },
      },
      ...(profile.instructions ? { instructions: profile.instructions } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: host.listed().map((t) => ({
      name: t.name,
      ...(t.title ? { title: t.title } : {}),
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object'; [k: string]: unknown },
      ...(t.annotations ? { annotations: t.annotations } : {}),
      ...(t._meta ? { _meta: t._meta } : {}),
    })),
  }));
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
