// One listing through every client library and provider request builder: what each path sends and loses.
// The published view comes from the v2 client; @google/genai's mcpToTool takes a v1 SDK `Client` (its peer
// dependency is @modelcontextprotocol/sdk ^1), so that path plays a v1 client on purpose, as its users do.
import { createMCPClient } from '@ai-sdk/mcp';
import { HumanMessage } from '@langchain/core/messages';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateText } from 'ai';
import { GoogleGenAI, mcpToTool } from '@google/genai';
import { MCPClient } from 'mcp-use';
import { LangChainAdapter } from 'mcp-use/adapters';
import { AI_SDK_PROVIDERS } from './ai-sdk-providers.js';
import { withHostFetch } from './global-fetch.js';
import { providerBodies } from './langchain-providers.js';
import type { Listing } from './listings.js';
import { providerViolations, requestViolations, type Violation, wireTools } from './provider-rules.js';
import { createProviderStub, type ProviderApi } from './provider-stub.js';
import { isDamaged, LOSS_KINDS, type LossKind, schemaDamage } from './schema-damage.js';
import { openTarget } from './target.js';

type Json = Record<string, unknown>;

export type Library = 'AI SDK' | '@google/genai' | 'LangChain' | 'mcp-use';

/** One client library → provider path for one listing. */
export interface PathResult {
  library: Library;
  api: ProviderApi;
  listed: number;
  sent: number;
  /** Request-level rules (tool-count cap, names): any one fails the whole request. */
  request: Violation[];
  /** Per-tool documented rules broken on the wire. */
  tools: Violation[];
  /** Per-tool rules known only from reported errors (†). */
  reported: Violation[];
  /** Tools whose wire schema lost something against the published one, and the totals lost. */
  damaged: number;
  lost: Record<LossKind, number>;
  /** Example of a lost parameter path (tool: path), for messages. */
  lostExample?: string;
}

export interface ListingResult {
  listing: Listing;
  published: Map<string, unknown>;
  /** The server's stderr lines at level warn (the large-listing warning). */
  warnings: string[];
  paths: PathResult[];
}

function pathResult(
  library: Library,
  api: ProviderApi,
  body: Json,
  published: Map<string, unknown>,
): PathResult {
  const wire = wireTools(api, body);
  const perTool = providerViolations(api, body);
  const lost = Object.fromEntries(LOSS_KINDS.map((k) => [k, 0])) as Record<LossKind, number>;
  let damaged = 0;
  let lostExample: string | undefined;
  for (const tool of wire) {
    if (tool.field === 'none') continue;
    const damage = schemaDamage(published.get(tool.name), tool.schema, {
      noAdditionalProperties: tool.field === 'parameters',
    });
    if (!isDamaged(damage)) continue;
    damaged++;
    for (const kind of LOSS_KINDS) lost[kind] += damage[kind];
    lostExample ??= `${tool.name}: ${damage.example ?? ''}`;
  }
  return {
    library,
    api,
    listed: published.size,
    sent: wire.length,
    request: requestViolations(api, body),
    tools: perTool.filter((v) => !v.reported),
    reported: perTool.filter((v) => v.reported),
    damaged,
    lost,
    ...(lostExample ? { lostExample } : {}),
  };
}

/** The published view: tools/list through the official (v2) SDK client. */
async function publishedTools(url: string): Promise<Map<string, unknown>> {
  const client = new Client({ name: 'obmcp-listings', version: '0.1.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const { tools } = await client.listTools();
    return new Map(tools.map((t) => [t.name, t.inputSchema as unknown]));
  } finally {
    await client.close();
  }
}

async function aiSdkPaths(url: string, published: Map<string, unknown>): Promise<PathResult[]> {
  const client = await createMCPClient({
    transport: { type: 'http', url },
    onUncaughtError: () => undefined,
  });
  try {
    const tools = await client.tools();
    const out: PathResult[] = [];
    for (const { api, model } of AI_SDK_PROVIDERS) {
      const stub = createProviderStub();
      await generateText({ model: model(stub.fetch), tools, prompt: 'hi' });
      out.push(pathResult('AI SDK', api, stub.last(), published));
    }
    return out;
  } finally {
    await client.close();
  }
}

/** `@google/genai`: `mcpToTool(client)` into `generateContent`'s request (Gemini only). */
async function genaiPath(url: string, published: Map<string, unknown>): Promise<PathResult> {
  const client = new V1Client({ name: 'obmcp-genai', version: '0.1.0' });
  await client.connect(new V1StreamableHTTPClientTransport(new URL(url)));
  try {
    const stub = createProviderStub();
    const ai = new GoogleGenAI({ apiKey: 'g-test' });
    await withHostFetch('generativelanguage.googleapis.com', stub.fetch, () =>
      ai.models.generateContent({
        model: 'gemini-2.5-flash',
        contents: 'hi',
        config: { tools: [mcpToTool(client)], automaticFunctionCalling: { disable: true } },
      }),
    );
    return pathResult('@google/genai', 'google', stub.last(), published);
  } finally {
    await client.close();
  }
}

async function langChainPaths(url: string, published: Map<string, unknown>): Promise<PathResult[]> {
  const client = new MultiServerMCPClient({
    mcpServers: { s: { transport: 'http', url } },
    throwOnLoadError: true,
  });
  try {
    const tools = await client.getTools();
    const bodies = await providerBodies(tools, [new HumanMessage('hi')]);
    return bodies.map(({ api, body }) => pathResult('LangChain', api, body, published));
  } finally {
    await client.close();
  }
}

async function mcpUsePaths(url: string, published: Map<string, unknown>): Promise<PathResult[]> {
  const client = MCPClient.fromDict({ mcpServers: { s: { url } } });
  try {
    const session = await client.createSession('s');
    const tools = await new LangChainAdapter().createToolsFromConnectors([session.connector]);
    const bodies = await providerBodies(tools, [new HumanMessage('hi')]);
    return bodies.map(({ api, body }) => pathResult('mcp-use', api, body, published));
  } finally {
    await client.closeAllSessions();
  }
}

/**
 * Runs one listing through the SDK (the published view), the AI SDK, LangChain and mcp-use, all connected to one
 * server over Streamable HTTP (what a listing sends does not depend on the transport; the clients' own stdio and
 * HTTP paths are tested in their files). The server's warn lines are read from its stderr.
 */
export async function runListing(listing: Listing): Promise<ListingResult> {
  const target = await openTarget(listing.app, 'http', listing.settings);
  try {
    const url = target.url;
    if (url === undefined) throw new Error('http target without a url');
    const published = await publishedTools(url);
    const paths = [
      ...(await aiSdkPaths(url, published)),
      await genaiPath(url, published),
      ...(await langChainPaths(url, published)),
      ...(await mcpUsePaths(url, published)),
    ];
    const warnings = target
      .serverStderr()
      .split('\n')
      .filter((line) => line.includes('"level":"warn"'));
    return { listing, published, warnings, paths };
  } finally {
    await target.close();
  }
}
