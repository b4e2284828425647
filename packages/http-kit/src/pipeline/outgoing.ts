// Builds one outgoing request (URL with query, headers, body) from an exchange request; extra fields merged in.
import { joinQuery } from '../query.js';
import { checkBuiltPath, checkHeaderValue } from '../wire-values.js';
import type { ExchangeRequest } from './types.js';

export interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

function bodyOf<C>(req: ExchangeRequest<C>): string | Uint8Array | undefined {
  let body = req.body;
  if (req.extraBody !== undefined && Object.keys(req.extraBody).length > 0) {
    // Declared fields win over forwarded unknown ones.
    body = isPlainObject(body) ? { ...req.extraBody, ...body } : body === undefined ? req.extraBody : body;
  }
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  return JSON.stringify(body);
}

/**
 * Every request of every server passes here: tools fill their path templates with `fillPath` (which refuses
 * empty, `.`, `..` and control-character values, naming the argument); this last check refuses any path
 * that still has such a segment, and any header value with a control character, before the wire.
 */
export function outgoing<C>(req: ExchangeRequest<C>, baseUrl: string): Outgoing {
  const path = req.path;
  checkBuiltPath(path);
  for (const [name, value] of Object.entries(req.headers ?? {})) checkHeaderValue(value, name);
  const base = /^https?:\/\//i.test(path) ? path : `${baseUrl}${path}`;
  const query = req.extraQuery ? { ...req.extraQuery, ...req.query } : req.query;
  const url = query ? joinQuery(base, query) : base;
  const body = bodyOf(req);
  const headers: Record<string, string> = {
    ...(req.accept === false ? {} : { accept: req.accept ?? 'application/json' }),
    ...req.headers,
  };
  if (body !== undefined && headers['content-type'] === undefined) {
    const form = req.body instanceof URLSearchParams;
    headers['content-type'] =
      req.contentType ?? (form ? 'application/x-www-form-urlencoded' : 'application/json');
  }
  return { url, headers, body };
}
