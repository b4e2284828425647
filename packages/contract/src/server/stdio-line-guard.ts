// Stdin filter for the stdio transport: answers lines JSON-RPC cannot accept (-32700/-32600/-32602), forwards the rest.
import { Transform, type TransformCallback } from 'node:stream';
import { isPlainObject } from '../validation/json-type.js';

type Id = string | number;

export type LineVerdict =
  | { action: 'forward' }
  /** Nothing to answer: a blank line, or a notification / response nobody waits for an answer to. */
  | { action: 'drop'; reason: string }
  | { action: 'answer'; id: Id | null; code: -32700 | -32600 | -32602; message: string };

const isId = (v: unknown): v is Id => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

/** What JSON-RPC 2.0 says about one line (the SDK's own schema still checks what is forwarded). */
export function judgeLine(line: string): LineVerdict {
  if (line.trim() === '') return { action: 'drop', reason: 'blank line' };
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return { action: 'answer', id: null, code: -32700, message: 'Parse error: the line is not JSON' };
  }
  if (!isPlainObject(message)) {
    const what = Array.isArray(message) ? 'a batch (arrays are not supported by MCP)' : 'not an object';
    return { action: 'answer', id: null, code: -32600, message: `Invalid Request: ${what}` };
  }
  const id = isId(message.id) ? message.id : null;
  const invalid = (why: string): LineVerdict => ({
    action: 'answer',
    id,
    code: -32600,
    message: `Invalid Request: ${why}`,
  });
  if (message.jsonrpc !== '2.0') return invalid('jsonrpc must be "2.0"');
  if (!('method' in message)) {
    // A response to one of our requests: nobody to answer when it is malformed.
    return id !== null && ('result' in message || 'error' in message)
      ? { action: 'forward' }
      : { action: 'drop', reason: 'malformed response' };
  }
  if (typeof message.method !== 'string') return invalid('method must be a string');
  const notification = !('id' in message);
  if (!notification && id === null) return invalid('id must be a string or an integer');
  if (message.params !== undefined && !isPlainObject(message.params)) {
    if (notification) return { action: 'drop', reason: 'notification with non-object params' };
    return { action: 'answer', id, code: -32602, message: 'Invalid params: params must be an object' };
  }
  return { action: 'forward' };
}

export interface LineGuardOptions {
  /** Writes one JSON-RPC error response line (stdout). */
  reply: (line: string) => void;
  onRejected?: (verdict: Exclude<LineVerdict, { action: 'forward' }>) => void;
}

/** Splits stdin into lines, answers the ones JSON-RPC rejects and passes the rest through unchanged. */
export function createLineGuard(options: LineGuardOptions): Transform {
  let pending: Buffer[] = [];
  /** True when the line may pass; otherwise answers (or drops) it here. */
  const passes = (bytes: Buffer): boolean => {
    const verdict = judgeLine(bytes.toString('utf8'));
    if (verdict.action === 'forward') return true;
    if (verdict.action === 'drop' && verdict.reason === 'blank line') return false;
    options.onRejected?.(verdict);
    if (verdict.action === 'answer') {
      const error = { code: verdict.code, message: verdict.message };
      options.reply(JSON.stringify({ jsonrpc: '2.0', id: verdict.id, error }));
    }
    return false;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const whole = pending.length === 0 && chunk.at(-1) === 10;
      const passed: Buffer[] = [];
      let start = 0;
      for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, nl);
        const line = pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        // The SDK's framing strips a trailing \r itself.
        if (passes(line.at(-1) === 13 ? line.subarray(0, -1) : line)) passed.push(line);
        start = nl + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
      // The usual chunk (whole lines, all valid) passes as it came, without a copy.
      if (whole && passed.length > 0 && passed.reduce((n, l) => n + l.length + 1, 0) === chunk.length) {
        this.push(chunk);
      } else {
        for (const line of passed) this.push(Buffer.concat([line, NEWLINE]));
      }
      done();
    },
  });
}

const NEWLINE = Buffer.from('\n');
