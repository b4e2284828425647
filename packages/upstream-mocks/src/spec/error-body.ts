// An error body in the shape an operation declares for a status, carrying our code and message.
import type { Json } from './json-schema.js';
import type { Operation } from './operations.js';
import { chooseMediaType, responsesOf } from './parameters.js';
import { sampleValid } from './sample.js';
import { validatorFor } from './validator.js';

const MESSAGE_KEYS = ['message', 'details', 'detail', 'description', 'errorMessage'];
const CODE_KEYS = ['code', 'errorCode'];

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Sets our text on every code/message field the schema lets us set, nested error lists included. */
function personalize(node: unknown, fill: { code: string; message: string }, keep: () => boolean): void {
  if (Array.isArray(node)) {
    for (const item of node) personalize(item, fill, keep);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const text = MESSAGE_KEYS.includes(key) ? fill.message : CODE_KEYS.includes(key) ? fill.code : undefined;
    if (text !== undefined && typeof value === 'string') {
      node[key] = text;
      if (!keep()) node[key] = value;
    } else if (typeof value === 'object') personalize(value, fill, keep);
  }
}

/**
 * The operation's declared error body for `status` (per the Accept header's media type), or
 * undefined when the operation declares none for that status.
 */
export function declaredErrorBody(
  op: Operation,
  status: number,
  accept: string | null,
  fill: { code: string; message: string },
): { mediaType: string; body: unknown } | undefined {
  const responses = responsesOf(op);
  const media = responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`);
  if (!media || media.size === 0) return undefined;
  const mediaType = chooseMediaType(
    [...media.values()].map((m) => m.mediaType),
    accept,
  ) as string;
  const schema = media.get(mediaType.toLowerCase())?.schema;
  if (!schema) return undefined;
  // Optional properties included: error schemas rarely require their message fields.
  const body = sampleValid(schema, op.doc, 'response', { optional: true });
  const validate = validatorFor(schema, op.doc, 'response');
  personalize(body, fill, () => validate(body));
  return { mediaType, body };
}
