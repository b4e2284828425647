// Builds a spec-valid request for an operation (every required parameter sampled) — tests and demos.
import type { Json } from './json-schema.js';
import type { Operation } from './operations.js';
import { bodyOf, isJsonMedia, paramsOf, responsesOf } from './parameters.js';
import { sampleValid } from './sample.js';

export interface SampleRequestOptions {
  /** `https://host` to send to. */
  base: string;
  /** Headers the caller owns (auth, client id, scope); they win over sampled header parameters. */
  headers?: Record<string, string>;
  /** Also send optional parameters (default: required only). */
  optional?: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The media type a request should ask for: the first one the success response declares. */
export function successMediaType(op: Operation): string | undefined {
  const responses = responsesOf(op);
  const status = responses.has('200')
    ? '200'
    : [...responses.keys()].filter((c) => c.startsWith('2')).sort()[0];
  const media = status ? responses.get(status) : undefined;
  return media ? [...media.values()][0]?.mediaType : undefined;
}

/** A `Request` the operation's spec accepts. */
export function sampleRequest(op: Operation, options: SampleRequestOptions): Request {
  let path = op.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  for (const p of paramsOf(op)) {
    if (!p.required && !options.optional) continue;
    const value = sampleValid(p.schema, op.doc, 'request');
    if (value === undefined || value === null) continue;
    if (p.in === 'path') {
      path = path.replace(`{${p.name}}`, encodeURIComponent(text(value)));
    } else if (p.in === 'query') {
      if (Array.isArray(value) && p.array === 'multi') for (const v of value) query.append(p.name, text(v));
      else if (Array.isArray(value))
        query.set(p.name, value.map(text).join(p.array && p.array !== 'multi' ? p.array.join : ','));
      else query.set(p.name, text(value));
    } else if (p.in === 'header') {
      headers.set(p.name, Array.isArray(value) ? value.map(text).join(',') : text(value));
    }
  }
  for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
  const accept = successMediaType(op);
  if (accept && !headers.has('accept')) headers.set('accept', accept);
  const body = bodyOf(op);
  let payload: string | FormData | undefined;
  if (body) {
    const [entry] = [...body.media.values()];
    if (entry) {
      const value = entry.schema ? sampleValid(entry.schema as Json, op.doc, 'request') : {};
      if (entry.mediaType.toLowerCase() === 'multipart/form-data') {
        // A real form: the Request sets `multipart/form-data; boundary=…` itself.
        const form = new FormData();
        const parts = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
        for (const [name, part] of Object.entries(parts)) form.append(name, text(part));
        payload = form;
      } else {
        headers.set('content-type', entry.mediaType);
        payload = isJsonMedia(entry.mediaType.toLowerCase())
          ? JSON.stringify(value ?? {})
          : text(value ?? '');
      }
    }
  }
  const qs = query.toString();
  return new Request(`${options.base}${path}${qs ? `?${qs}` : ''}`, {
    method: op.method.toUpperCase(),
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
  });
}
