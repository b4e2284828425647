// Baseline 1: the minimal low-level SDK `Server` doing the obmcp tools' upstream fetches (no input checks, no contract).
import { UPSTREAM, resultOf } from './bare-upstream.mjs';
import { esm } from './resolve.mjs';

const { Server } = await import(esm('@modelcontextprotocol/sdk/server/index.js'));
const { StdioServerTransport } = await import(esm('@modelcontextprotocol/sdk/server/stdio.js'));
const { CallToolRequestSchema, ListToolsRequestSchema } = await import(
  esm('@modelcontextprotocol/sdk/types.js')
);

const server = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: Object.keys(UPSTREAM).map((name) => ({ name, description: name, inputSchema: { type: 'object' } })),
}));
server.setRequestHandler(CallToolRequestSchema, async (request) =>
  resultOf(await UPSTREAM[request.params.name](request.params.arguments ?? {})),
);
process.stdin.on('end', () => process.exit(0));
await server.connect(new StdioServerTransport());
