// Baseline 1: the minimal low-level SDK (v2) `Server` doing the obmcp tools' upstream fetches (no input checks, no contract).
import { UPSTREAM, resultOf } from './bare-upstream.mjs';
import { esm } from './resolve.mjs';

const { Server } = await import(esm('@modelcontextprotocol/server'));
const { serveStdio } = await import(esm('@modelcontextprotocol/server/stdio'));

// serveStdio, as the obmcp servers do: one Server from the factory per connection, either era.
serveStdio(() => {
  const server = new Server({ name: 'bare', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    tools: Object.keys(UPSTREAM).map((name) => ({
      name,
      description: name,
      inputSchema: { type: 'object' },
    })),
  }));
  server.setRequestHandler('tools/call', async (request) =>
    resultOf(await UPSTREAM[request.params.name](request.params.arguments ?? {})),
  );
  return server;
});
process.stdin.on('end', () => process.exit(0));
