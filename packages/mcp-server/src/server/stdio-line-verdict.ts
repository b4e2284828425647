// What JSON-RPC 2.0 says about one stdin line: forward it (parsed once), answer it (-32700/-32600/-32602) or drop it.
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';

type Id = string | number;

export type LineVerdict =
  /** The parsed message, still to be checked against the SDK's JSON-RPC message schema. */
  | { action: 'forward'; message: Record<string, unknown> }
  /** Nothing to answer: a blank line, or a notification / response nobody waits for an answer to. */
  | { action: 'drop'; reason: string }
  | { action: 'answer'; id: Id | null; code: -32700 | -32600 | -32602; message: string };

const isId = (v: unknown): v is Id => typeof v === 'string' || Number.isInteger(v);

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
      ? { action: 'forward', message }
      : { action: 'drop', reason: 'malformed response' };
  }
  if (typeof message.method !== 'string') return invalid('method must be a string');
  const notification = !('id' in message);
  if (!notification && id === null) return invalid('id must be a string or an integer');
  if (message.params !== undefined && !isPlainObject(message.params)) {
    if (notification) return { action: 'drop', reason: 'notification with non-object params' };
    return { action: 'answer', id, code: -32602, message: 'Invalid params: params must be an object' };
  }
  return { action: 'forward', message };
}

/** A forwarded message the SDK's schema refused: a request still gets an answer, the rest is dropped. */
export function judgeSchemaMismatch(message: Record<string, unknown>): LineVerdict {
  if ('method' in message && isId(message.id)) {
    return {
      action: 'answer',
      id: message.id,
      code: -32600,
      message: 'Invalid Request: not a valid JSON-RPC request (MCP schema)',
    };
  }
  return { action: 'drop', reason: 'message does not match the JSON-RPC schema' };
}

/** A line over the size cap: nothing of it is parsed, so there is no id to answer with. */
export function judgeOversized(bytes: number, maxBytes: number): LineVerdict {
  return {
    action: 'answer',
    id: null,
    code: -32600,
    message: `Invalid Request: message of ${bytes}+ bytes exceeds the ${maxBytes}-byte limit`,
  };
}
