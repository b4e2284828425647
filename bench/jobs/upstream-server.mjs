// The job bench's one upstream: the msw mocks in this process behind a loopback HTTP server, so every server
// process of a job meets the same token buckets, report clock and 429 count (GET /__stats).
import { createServer } from 'node:http';
import { esm } from '../resolve.mjs';

process.env.OBMCP_MOCK = '1';
const mocks = await import(esm('@obmcp/upstream-mocks'));
const problems = mocks.checkMockSettings?.() ?? [];
if (problems.length > 0) {
  process.stderr.write(`upstream-server: ${problems[0]}\n`);
  process.exit(2);
}
mocks.startMockServer();

/** Hop-by-hop and framing headers are the loopback hop's own, never forwarded. */
const HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'x-bench-forward-url',
]);
let requests = 0;

const server = createServer(async (req, res) => {
  try {
    if (req.url === '/__stats') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...mocks.throttleStats(), requests }));
      return;
    }
    const target = String(req.headers['x-bench-forward-url'] ?? '');
    if (!target.startsWith('https://')) {
      res.writeHead(400).end('x-bench-forward-url must name the https URL to call');
      return;
    }
    requests++;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP.has(name) && typeof value === 'string') headers.set(name, value);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(target, { method: req.method, headers, body, redirect: 'manual' });
    const out = {};
    // fetch has already decoded any content-encoding: the bytes below are the plain body.
    answer.headers.forEach((value, name) => {
      if (!HOP.has(name) && name !== 'content-encoding') out[name] = value;
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, { ...out, 'content-length': String(bytes.length) });
    res.end(bytes);
  } catch (error) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`upstream-server: ${error instanceof Error ? error.message : String(error)}`);
  }
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
