// Checks a response against its operation: the status is declared, the media type too, the body validates.
import type { Operation } from './operations.js';
import { bareMediaType, isJsonMedia, responsesOf } from './parameters.js';
import { schemaProblems } from './validator.js';

export interface ResponseProblem {
  message: string;
  pointer?: string;
}

/** Problems of (status, content-type, body) against what the operation declares; [] when faithful. */
export function checkResponse(
  op: Operation,
  status: number,
  contentType: string | null,
  body: unknown,
): ResponseProblem[] {
  const responses = responsesOf(op);
  const declared =
    responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`) ?? responses.get('default');
  if (!declared) return [{ message: `status ${status} is not declared by ${op.operationId}` }];
  // 204 and redirects carry no body, whatever the spec writes under them.
  if (status === 204 || (status >= 300 && status < 400)) {
    return body === undefined || body === '' ? [] : [{ message: `status ${status} must carry no body` }];
  }
  // A status declared without content leaves the body unspecified.
  if (declared.size === 0) return [];
  const mediaType = bareMediaType(contentType);
  const entry =
    declared.get(mediaType) ?? declared.get(`${mediaType.split('/')[0]}/*`) ?? declared.get('*/*');
  if (!entry) {
    const list = [...declared.values()].map((m) => m.mediaType).join(', ');
    return [{ message: `content-type '${mediaType}' is not declared for ${status} (${list})` }];
  }
  if (!entry.schema || !isJsonMedia(mediaType)) return [];
  return schemaProblems(entry.schema, op.doc, 'response', body, 20).map((p) => ({
    pointer: p.pointer,
    message: `${p.pointer || '/'} ${p.message}`,
  }));
}
