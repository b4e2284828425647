// Parses the Ads API's heterogeneous error bodies into contract details entries.
import { boundText, type Detail, redactSecrets } from '@obmcp/contract';
import { isMutationError, readMutationError } from './mutation-error.js';

export interface ParsedErrorBody {
  details: Detail[];
  /** Upstream's own code of the first item (e.g. '425', 'UNAUTHORIZED'). */
  code?: string;
  /** Upstream's message of the first item, already bounded and redacted. */
  message?: string;
  /** requestId carried in the body, when present. */
  requestId?: string;
}

interface Item {
  code?: string;
  message?: string;
  /** SP/SB v3+ mutation errors: where in the payload, and the error type. */
  pointer?: string;
  location?: string;
  errorType?: string;
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (Number.isFinite(v)) return String(v); // false for anything that is not a number
  return undefined;
}

/** One error object in any of the shapes seen: {code, details}, {code, detail}, {message}, LWA {error, error_description}. */
function itemOf(o: Record<string, unknown>): Item | undefined {
  if (isMutationError(o)) {
    const m = readMutationError(o);
    return {
      code: m.code,
      message: m.message,
      pointer: m.pointer,
      location: m.location,
      errorType: m.errorType,
    };
  }
  const explicitCode = str(o.code) ?? str(o.errorType);
  // LWA: {error: code, error_description}; Openbridge flat: {error: message, code}.
  const errorIsMessage = explicitCode !== undefined && o.error_description === undefined;
  const code = explicitCode ?? (errorIsMessage ? undefined : str(o.error)) ?? str(o.status);
  const message =
    str(o.details) ??
    str(o.detail) ??
    str(o.message) ??
    str(o.error_description) ??
    (errorIsMessage ? str(o.error) : undefined) ??
    str(o.title);
  return code === undefined && message === undefined ? undefined : { code, message };
}

function itemsOf(body: unknown): Item[] {
  if (Array.isArray(body)) return body.flatMap((b) => itemsOf(b));
  // null has no fields to read; a JSON string, number or boolean has none of the fields below, so it yields no item.
  if (body == null) return [];
  const o = body as Record<string, unknown>;
  if (Array.isArray(o.errors)) {
    // SP v3 400 `{code, message, errors[]}`: the top-level message first, then every item.
    const top = str(o.message) === undefined ? undefined : itemOf({ code: o.code, message: o.message });
    return [...(top ? [top] : []), ...itemsOf(o.errors)];
  }
  const item = itemOf(o);
  return item ? [item] : [];
}

/** What a body that is not JSON (blank text included) parses to. */
const NOT_JSON: unique symbol = Symbol();

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** `secrets` are redacted from every message (required: no caller can forget them). */
export function parseErrorBody(
  text: string,
  contentType: string | null,
  secrets: readonly string[],
): ParsedErrorBody {
  const body = parseJson(text);
  const items = itemsOf(body).slice(0, 10);
  const [first] = items;
  if (first === undefined) {
    const type = contentType?.replace(/;.*/, '').trim() || 'none';
    return {
      details: [
        {
          path: '',
          issue:
            body === NOT_JSON
              ? `upstream error body was not JSON (content-type ${type})`
              : 'upstream error body had no code or message',
          received_type: 'upstream_error',
        },
      ],
    };
  }
  const issueOf = (item: Item) =>
    boundText(redactSecrets(item.message ?? item.code ?? 'upstream error', secrets), 300);
  const details: Detail[] = items.map((item) => ({
    path: item.pointer ?? '',
    issue: issueOf(item),
    received_type: 'upstream_error',
    ...(item.code === undefined ? {} : { upstream_code: boundText(item.code, 64) }),
    ...(item.errorType === undefined ? {} : { error_type: boundText(item.errorType, 64) }),
    ...(item.location === undefined ? {} : { location: boundText(item.location, 200) }),
  }));
  // Items were found, so the body is an object or an array (whose requestId is undefined).
  const requestId = str((body as Record<string, unknown>).requestId);
  return {
    details,
    code: first.code,
    message: issueOf(first),
    requestId: requestId === undefined ? undefined : boundText(requestId, 100),
  };
}
