// A raw line-delimited JSON-RPC client over a spawned stdio server: exact bytes in, every stdout line kept.
import { type ChildProcess, spawn } from 'node:child_process';

export type JsonRpcId = number | string;
export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

export interface RawServerOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const PROTOCOL_VERSION = '2025-06-18';

export class RawServer {
  readonly child: ChildProcess;
  readonly exited: Promise<ExitInfo>;
  /** Every stdout line (raw text) and every stderr line, in order. */
  readonly stdoutLines: string[] = [];
  readonly stderrLines: string[] = [];
  /** stdout lines that were not JSON-RPC 2.0 messages (must stay empty). */
  readonly foreignLines: string[] = [];
  private readonly pending = new Map<JsonRpcId, (r: JsonRpcResponse) => void>();
  private nextId = 1;
  private exitInfo: ExitInfo | undefined;

  constructor(options: RawServerOptions) {
    this.child = spawn(options.command, options.args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdin?.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    splitLines(this.child.stdout!, (line) => this.onStdout(line));
    splitLines(this.child.stderr!, (line) => this.stderrLines.push(line));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get alive(): boolean {
    return this.exitInfo === undefined;
  }

  private onStdout(line: string): void {
    this.stdoutLines.push(line);
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      this.foreignLines.push(line);
      return;
    }
    const m = msg as Partial<JsonRpcResponse>;
    if (!m || typeof m !== 'object' || m.jsonrpc !== '2.0') {
      this.foreignLines.push(line);
      return;
    }
    if (m.id !== undefined && m.id !== null) {
      const waiter = this.pending.get(m.id);
      this.pending.delete(m.id);
      waiter?.(m as JsonRpcResponse);
    }
  }

  /** Writes one raw line (a newline is appended). */
  sendText(text: string): void {
    this.child.stdin?.write(`${text}\n`);
  }

  /** Sends `{"jsonrpc":"2.0","id":…,"method":…,"params":<paramsText>}` built as text. */
  requestText(method: string, paramsText: string | undefined, timeoutMs = 15_000): Promise<JsonRpcResponse> {
    const id = this.nextId++;
    const params = paramsText === undefined ? '' : `,"params":${paramsText}`;
    const answer = this.waitFor(id, timeoutMs, method);
    this.sendText(`{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)}${params}}`);
    return answer;
  }

  request(method: string, params?: unknown, timeoutMs?: number): Promise<JsonRpcResponse> {
    return this.requestText(method, params === undefined ? undefined : JSON.stringify(params), timeoutMs);
  }

  /** tools/call with the arguments given as raw JSON text (may hold `__proto__` keys). */
  callToolText(name: string, argsText: string, timeoutMs?: number): Promise<JsonRpcResponse> {
    return this.requestText(
      'tools/call',
      `{"name":${JSON.stringify(name)},"arguments":${argsText}}`,
      timeoutMs,
    );
  }

  notify(method: string, params?: unknown): void {
    this.sendText(JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }));
  }

  waitFor(id: JsonRpcId, timeoutMs: number, what: string): Promise<JsonRpcResponse> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${what} (id ${id}) within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
  }

  async initialize(timeoutMs = 60_000): Promise<JsonRpcResponse> {
    const init = await this.request(
      'initialize',
      {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'obmcp-robustness', version: '0.1.0' },
      },
      timeoutMs,
    );
    this.notify('notifications/initialized');
    return init;
  }

  /** Ends stdin and waits for a clean exit; kills after `graceMs`. */
  async close(graceMs = 5_000): Promise<ExitInfo & { killed: boolean }> {
    if (!this.alive) return { ...this.exitInfo!, killed: false };
    this.child.stdin?.end();
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs));
    const first = await Promise.race([this.exited, timer]);
    if (first !== 'timeout') return { ...first, killed: false };
    this.child.kill('SIGKILL');
    return { ...(await this.exited), killed: true };
  }
}

function splitLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line.length > 0) onLine(line);
      nl = buffer.indexOf('\n');
    }
  });
  stream.on('end', () => {
    if (buffer.length > 0) onLine(buffer);
    buffer = '';
  });
}
