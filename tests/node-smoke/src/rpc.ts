// Raw JSON-RPC to a server bin over stdio or Streamable HTTP: no SDK, so the smoke holds across SDK majors.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id?: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface Session {
  request(method: string, params?: Record<string, unknown>): Promise<JsonRpcResponse>;
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  stderr(): string;
  close(): Promise<number | null>;
}

/** Mock credentials (the msw mocks accept `mock-…` values); nothing from this machine's environment leaks in. */
export const SMOKE_ENV: Record<string, string> = {
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-smoke-secret-sp',
  SP_API_REFRESH_TOKEN: 'Atzr|mock-smoke-refresh-sp',
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
  ADS_API_CLIENT_SECRET: 'mock-smoke-secret-ads',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-smoke-refresh-ads',
  ADS_API_PROFILE_ID: '1111111111',
  OPENBRIDGE_REFRESH_TOKEN: 'mock-smoke-obkey:smoke-obsecret',
  OBMCP_LOG_LEVEL: 'info',
};

function childEnv(): Record<string, string> {
  const env: Record<string, string> = { ...SMOKE_ENV };
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  return env;
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('close', (code) => resolve(code));
  });
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  const done = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  const code = await done;
  clearTimeout(timer);
  return code;
}

/** `node [--import mocks] entry` on `node`, spoken to over stdin/stdout (newline-delimited JSON-RPC). */
export function stdioSession(node: string, args: string[], cwd: string): Session {
  const child = spawn(node, args, { cwd, env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  const waiting = new Map<number, (r: JsonRpcResponse) => void>();
  let buffer = '';
  child.stdout.on('data', (c: Buffer) => {
    buffer += c.toString('utf8');
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (line === '') continue;
      const msg = JSON.parse(line) as JsonRpcResponse;
      if (typeof msg.id === 'number' && (msg.result !== undefined || msg.error !== undefined)) {
        waiting.get(msg.id)?.(msg);
        waiting.delete(msg.id);
      }
    }
  });
  let nextId = 1;
  const write = (msg: object) => child.stdin.write(`${JSON.stringify(msg)}\n`);
  return {
    request(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${method}: no answer in 30 s\n${stderr}`)), 30_000);
        waiting.set(id, (r) => {
          clearTimeout(timer);
          resolve(r);
        });
        void exited(child).then((code) =>
          reject(new Error(`server exited (${code}) during ${method}\n${stderr}`)),
        );
        write({ jsonrpc: '2.0', id, method, params });
      });
    },
    async notify(method, params = {}) {
      write({ jsonrpc: '2.0', method, params });
    },
    stderr: () => stderr,
    close: async () => {
      child.stdin.end();
      return stop(child);
    },
  };
}

/** The JSON-RPC messages of a Streamable HTTP response body: plain JSON or `data:` lines of an SSE stream. */
export function messagesOf(contentType: string, body: string): JsonRpcResponse[] {
  if (contentType.includes('text/event-stream')) {
    return body
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trim())
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as JsonRpcResponse);
  }
  const parsed = JSON.parse(body) as JsonRpcResponse | JsonRpcResponse[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** `node … entry --http --port 0` on `node`; the port comes from the `server ready` stderr line. */
export async function httpSession(node: string, args: string[], cwd: string): Promise<Session> {
  const child = spawn(node, [...args, '--http', '--port', '0'], { cwd, env: childEnv(), stdio: 'pipe' });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "server ready" in 30 s\n${stderr}`)), 30_000);
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      const m = /"msg":"server ready","transport":"http","port":(\d+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}/mcp`);
      }
    });
    void exited(child).then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready\n${stderr}`));
    });
  });
  let nextId = 1;
  let protocolVersion: string | undefined;
  const post = async (msg: Record<string, unknown>) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (protocolVersion) headers['mcp-protocol-version'] = protocolVersion;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(msg) });
    return { res, body: await res.text() };
  };
  return {
    async request(method, params = {}) {
      const id = nextId++;
      const { res, body } = await post({ jsonrpc: '2.0', id, method, params });
      const answer = messagesOf(res.headers.get('content-type') ?? '', body).find((m) => m.id === id);
      if (!answer) throw new Error(`${method}: HTTP ${res.status} without an answer: ${body.slice(0, 500)}`);
      const version = answer.result?.protocolVersion;
      if (method === 'initialize' && typeof version === 'string') protocolVersion = version;
      return answer;
    },
    async notify(method, params = {}) {
      const { res, body } = await post({ jsonrpc: '2.0', method, params });
      if (res.status >= 300) throw new Error(`${method}: HTTP ${res.status} ${body.slice(0, 300)}`);
    },
    stderr: () => stderr,
    close: () => stop(child),
  };
}
