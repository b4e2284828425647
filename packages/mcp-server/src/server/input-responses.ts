// SEP-2322: a retried request's `inputResponses` must be an object of answer objects; checked before the SDK sees it.
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';

/** The methods whose 2026-07-28 requests may carry `inputResponses`. */
const INPUT_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** The JSON-RPC error (-32602) to answer a request whose `inputResponses` has the wrong shape with. */
export interface InputResponsesRefusal {
  id: string | number;
  error: { code: -32602; message: string };
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;

/**
 * A refusal for a request whose `inputResponses` is not an object of objects (a number, null, an array,
 * an answer that is not an object); undefined for every other message. The SDK would drop such entries
 * (or the whole field) silently and run the call as if nothing had been sent; SEP-2322 says a server
 * SHOULD validate them and answer a protocol error.
 */
export function refuseMalformedInputResponses(message: unknown): InputResponsesRefusal | undefined {
  if (!isPlainObject(message) || typeof message.method !== 'string' || !INPUT_METHODS.has(message.method)) {
    return undefined;
  }
  const id = message.id;
  const params = message.params;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isPlainObject(params)) return undefined;
  if (!('inputResponses' in params)) return undefined;
  const responses = params.inputResponses;
  let problem: string | undefined;
  if (!isPlainObject(responses)) {
    problem = `inputResponses must be an object of answers keyed like the inputRequests (got ${kindOf(responses)})`;
  } else {
    const bad = Object.entries(responses).filter(([, answer]) => !isPlainObject(answer));
    if (bad.length > 0) {
      problem = bad
        .map(([key, answer]) => `inputResponses.${key} must be an object (got ${kindOf(answer)})`)
        .join('; ');
    }
  }
  return problem === undefined
    ? undefined
    : { id, error: { code: -32602, message: `Invalid params: ${problem}` } };
}
