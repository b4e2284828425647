// Preload for the job bench's server processes: every https request (LWA, SP-API, report documents) goes to
// the one upstream-server (OBMCP_BENCH_UPSTREAM_URL) over loopback, instead of to mocks of its own.
import { esm } from '../resolve.mjs';

const { http, bypass } = await import(esm('msw'));
const { setupServer } = await import(esm('msw/node'));
const upstream = process.env.OBMCP_BENCH_UPSTREAM_URL;
if (!upstream) throw new Error('forward-preload: OBMCP_BENCH_UPSTREAM_URL is not set');
// Mock mode, as under @obmcp/upstream-mocks/register: the servers honour OBMCP_MOCK_RATE_SCALE.
process.env.OBMCP_MOCK = '1';

const server = setupServer(
  http.all(/^https:\/\//, async ({ request }) => {
    const headers = new Headers(request.headers);
    headers.set('x-bench-forward-url', request.url);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const hop = new Request(`${upstream}/forward`, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
    });
    return fetch(bypass(hop));
  }),
);
server.listen({ onUnhandledRequest: 'bypass' });
