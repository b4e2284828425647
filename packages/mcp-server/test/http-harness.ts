// Test harness: the example server over Streamable HTTP (`--http --port 0`) and over stdio, with SDK Clients.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export const EXAMPLE = fileURLToPath(new URL('../dist/example/server.js', import.meta.url));

export interface HttpServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  stderr(): string;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function startHttpExample(
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [EXAMPLE, '--http', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line:\n${stderr}`)), 15_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      for (const line of stderr.split('\n')) {
        if (!line.includes('"server ready"')) continue;
        const ready = JSON.parse(line) as { transport: string; port: number };
        if (ready.transport !== 'http') continue;
        clearTimeout(timer);
        const url = `http://127.0.0.1:${ready.port}/mcp`;
        resolve({ child, port: ready.port, url, stderr: () => stderr, exited, stop });
        return;
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${stderr}`));
    });
  });
}

export async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export async function stdioClient(env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [EXAMPLE], env, stderr: 'pipe' }),
  );
  return client;
}

/** A raw JSON-RPC POST to the MCP endpoint (for the HTTP-layer refusals). */
export function rawPost(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  });
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** A POST through node:http, which (unlike fetch) lets a test set any Host header. */
export function nodePost(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs the example with exactly these args and resolves with its exit code and stderr. */
export function runExample(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [EXAMPLE, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

/** The example server over stdio as a raw child: write JSON-RPC lines, read what it printed so far. */
export function spawnRawStdio(server: string = EXAMPLE, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [server], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  return {
    child,
    send: (msg: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`),
    stdout: () => stdout,
    stderr: () => stderr,
  };
}
