// Invariants for one tools/call answer: a JSON-RPC reply, isError ⇒ valid v1 envelope, bounded size, no canary.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { findCanaries } from '../canaries.js';
import type { JsonRpcResponse } from '../raw-stdio.js';

/** Upper bound for one tools/call answer (text content), generous for list tools. */
export const MAX_RESULT_BYTES = 256 * 1024;

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'envelope'; code: string; errorKind: string }
  | { kind: 'jsonrpc_error'; code: number }
  | { kind: 'violation'; problem: string };

export function checkCallAnswer(answer: JsonRpcResponse): Verdict {
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  if (bytes > MAX_RESULT_BYTES) return { kind: 'violation', problem: `answer is ${bytes} bytes` };
  const leaks = findCanaries(JSON.stringify(answer));
  if (leaks.length > 0) return { kind: 'violation', problem: `canary in answer: ${leaks.join('; ')}` };
  if (answer.error) {
    // A JSON-RPC error is legitimate only for protocol-level problems (-32602 invalid params).
    if (typeof answer.error.code !== 'number' || typeof answer.error.message !== 'string')
      return { kind: 'violation', problem: `malformed JSON-RPC error ${JSON.stringify(answer.error)}` };
    return { kind: 'jsonrpc_error', code: answer.error.code };
  }
  const result = answer.result;
  if (!result) return { kind: 'violation', problem: 'neither result nor error' };
  const content = result.content as { type?: string; text?: string }[] | undefined;
  const text = Array.isArray(content) && content[0]?.type === 'text' ? (content[0].text ?? '') : undefined;
  if (text === undefined) return { kind: 'violation', problem: 'result without text content' };
  if (result.isError !== true) return { kind: 'ok' };
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return { kind: 'violation', problem: `isError text is not JSON: ${text.slice(0, 200)}` };
  }
  const { valid, errors } = validateEnvelope(envelope);
  if (!valid)
    return { kind: 'violation', problem: `invalid envelope: ${JSON.stringify(errors).slice(0, 400)}` };
  const e = envelope as { error_code: string; error_kind: string };
  return { kind: 'envelope', code: e.error_code, errorKind: e.error_kind };
}
