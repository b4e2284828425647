// SEP-2243 Mcp-Param-* headers: a tool argument declared with `x-mcp-header` travels as a header too; both must agree.
import type { IncomingHttpHeaders } from 'node:http';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';

/** One declared header: the top-level argument and the header's name suffix (`Mcp-Param-<header>`). */
export interface ParamHeader {
  property: string;
  header: string;
}

/** The `x-mcp-header` declarations of a tool's input schema (top-level properties). */
export function paramHeadersOf(schema: unknown): ParamHeader[] {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([property, sub]) =>
    isPlainObject(sub) && typeof sub['x-mcp-header'] === 'string'
      ? [{ property, header: sub['x-mcp-header'] }]
      : [],
  );
}

const BASE64_WRAPPED = /^=\?base64\?(.*)\?=$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * A header value as its argument: `=?base64?<b64>?=` is strict Base64 of UTF-8 (padding and alphabet
 * checked), anything else is the literal value; surrounding whitespace is not part of it (RFC 9110 §5.5).
 */
export function decodeParamHeader(raw: string): { ok: true; value: string } | { ok: false } {
  const value = raw.trim();
  const wrapped = BASE64_WRAPPED.exec(value);
  if (!wrapped) return { ok: true, value };
  const payload = wrapped[1] ?? '';
  if (!BASE64.test(payload)) return { ok: false };
  return { ok: true, value: Buffer.from(payload, 'base64').toString('utf8') };
}

/** The argument as a header carries it: strings as they are, numbers and booleans as JSON writes them. */
const asHeader = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Why a tools/call's Mcp-Param headers disagree with its arguments (missing, undecodable, different, or
 * sent for an argument the body does not carry), or undefined when they agree. The caller answers 400,
 * -32020 HeaderMismatch, like the SDK does for Mcp-Method and Mcp-Name.
 */
export function paramHeaderMismatch(
  declared: readonly ParamHeader[],
  args: unknown,
  headers: IncomingHttpHeaders,
): string | undefined {
  const given = isPlainObject(args) ? args : {};
  for (const { property, header } of declared) {
    const name = `Mcp-Param-${header}`;
    const raw = headers[name.toLowerCase()];
    const sent = Array.isArray(raw) ? raw.join(',') : raw;
    const value = given[property];
    if (value === undefined || value === null) {
      if (sent !== undefined) return `${name} is sent but arguments.${property} is not`;
      continue;
    }
    if (sent === undefined) return `${name} is missing: arguments.${property} must travel as that header too`;
    const decoded = decodeParamHeader(sent);
    if (!decoded.ok) return `${name} is not valid Base64 inside =?base64?…?=`;
    if (decoded.value !== asHeader(value)) return `${name} does not match arguments.${property}`;
  }
  return undefined;
}
