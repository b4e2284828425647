// HTTPS_PROXY / HTTP_PROXY / NO_PROXY route upstreams through a forward proxy (a loopback one here); failures say so.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { UpstreamTransportError } from '@obmcp/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
const saved = Object.fromEntries(PROXY_VARS.map((name) => [name, process.env[name]]));

let upstream: Server;
let proxy: Server;
let upstreamHost = '';
let proxyUrl = '';
/** What reached the proxy: CONNECT authorities and absolute-form request URLs. */
const seen: string[] = [];

beforeAll(async () => {
  upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"via":"upstream"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamHost = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // A forward proxy: tunnels CONNECT to the loopback upstream only, refuses anything else with 403.
  proxy = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(403).end();
  });
  proxy.on('connect', (req, socket, head) => {
    const target = req.url ?? '';
    seen.push(target);
    if (target !== upstreamHost) {
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const [host, port] = target.split(':');
    const onward = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      onward.write(head);
      onward.pipe(socket);
      socket.pipe(onward);
    });
    onward.on('error', () => socket.destroy());
    socket.on('error', () => onward.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen.length = 0;
  for (const name of PROXY_VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

afterAll(async () => {
  for (const server of [upstream, proxy]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function withEnv(vars: Record<string, string>) {
  for (const name of PROXY_VARS) delete process.env[name];
  Object.assign(process.env, vars);
  return createFetcher({ timeoutMs: 2000, connectTimeoutMs: 2000 });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamTransportError);
  return error as UpstreamTransportError;
}

describe('forward proxy from the environment', () => {
  it('HTTP_PROXY: an http upstream is reached through the proxy', async () => {
    const fetcher = withEnv({ HTTP_PROXY: proxyUrl });
    const response = await fetcher.send({ method: 'GET', url: `http://${upstreamHost}/ok` });
    await fetcher.close();
    expect(response.status).toBe(200);
    expect(seen).toEqual([upstreamHost]);
  });

  it('HTTPS_PROXY: an https upstream goes to the proxy (CONNECT host:443); a refusal is UPSTREAM_UNREACHABLE naming the proxy', async () => {
    const fetcher = withEnv({ HTTPS_PROXY: proxyUrl });
    const error = await failure(fetcher.send({ method: 'GET', url: 'https://api.example.test/v1/things' }));
    await fetcher.close();
    expect(seen).toEqual(['api.example.test:443']);
    expect(error.code).toBe('UPSTREAM_UNREACHABLE');
    const hints = error.hints.join('\n');
    expect(hints).toContain(`forward proxy ${new URL(proxyUrl).host}`);
    expect(hints).toContain('NO_PROXY');
  });

  it('the proxy URL may carry credentials: hints name its host only', async () => {
    const withUser = proxyUrl.replace('http://', 'http://someone:s3cret-pass@');
    const fetcher = withEnv({ HTTPS_PROXY: withUser });
    const error = await failure(fetcher.send({ method: 'GET', url: 'https://api.example.test/' }));
    await fetcher.close();
    expect(JSON.stringify({ hints: error.hints, details: error.details })).not.toContain('s3cret');
  });

  it('NO_PROXY: a listed host is reached directly, the proxy sees nothing', async () => {
    const fetcher = withEnv({ HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, NO_PROXY: 'localhost,127.0.0.1' });
    const response = await fetcher.send({ method: 'GET', url: `http://${upstreamHost}/ok` });
    await fetcher.close();
    expect(response.status).toBe(200);
    expect(seen).toEqual([]);
  });

  it('without a proxy, UPSTREAM_UNREACHABLE hints say what to check and name HTTPS_PROXY', async () => {
    const fetcher = withEnv({});
    const error = await failure(fetcher.send({ method: 'GET', url: 'http://127.0.0.1:1/' }));
    await fetcher.close();
    expect(error.code).toBe('UPSTREAM_UNREACHABLE');
    expect(error.hints).toHaveLength(3);
    expect(error.hints[0]).toContain('127.0.0.1:1');
    expect(error.hints[1]).toContain('HTTPS_PROXY');
  });
});
