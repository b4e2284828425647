// Openbridge error bodies (JSON:API `errors`, bare arrays, flat {detail}/{message}/{error}) → details[]; every server reads them so.
import { boundText, type Detail, redactSecrets } from '@obmcp/contract';

const MAX_ENTRIES = 10;

function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function entry(message: string, code: string | undefined, secrets: readonly string[]): Detail {
  const detail: Detail = {
    path: '',
    issue: boundText(redactSecrets(message, secrets), 300),
    received_type: 'upstream_error',
  };
  if (code !== undefined) detail.upstream_code = boundText(code, 80);
  return detail;
}

/** One error item: JSON:API error object, or a flat object using detail/message/error. */
function fromItem(item: unknown, secrets: readonly string[]): Detail | undefined {
  if (typeof item === 'string') return entry(item, undefined, secrets);
  // Numbers, booleans and arrays have none of the fields below, so they say nothing; only null has no fields at all.
  if (item === null) return undefined;
  const o = item as Record<string, unknown>;
  const message =
    str(o.detail) ?? str(o.message) ?? str(o.error_description) ?? str(o.error) ?? str(o.title) ?? str(o.msg);
  if (message === undefined) return undefined;
  // `error` is a message in {error:"…"}; when a message exists too it acts as the code.
  const code = str(o.code) ?? (str(o.message) && str(o.error) ? str(o.error) : undefined) ?? str(o.status);
  const pointer = (o.source as { pointer?: unknown } | undefined)?.pointer;
  const detail = entry(message, code, secrets);
  if (typeof pointer === 'string') detail.upstream_pointer = boundText(pointer, 120);
  return detail;
}

/** A parsed JSON object or array (the body started with `{` or `[`) → details. */
function detailsFromJson(body: object, secrets: readonly string[]): Detail[] {
  const errors = (body as { errors?: unknown }).errors;
  const items: unknown[] = Array.isArray(body) ? body : Array.isArray(errors) ? errors : [body];
  const out: Detail[] = [];
  for (const item of items.slice(0, MAX_ENTRIES)) {
    const d = fromItem(item, secrets);
    if (d) out.push(d);
  }
  return out;
}

/** Raw error body (any content type) → details; non-JSON bodies are described, not echoed when HTML. */
export function detailsFromBody(
  text: string,
  contentType: string | null,
  secrets: readonly string[],
): Detail[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (/^[[{]/.test(trimmed)) {
    try {
      return detailsFromJson(JSON.parse(trimmed) as object, secrets);
    } catch {
      // fall through: unreadable JSON is described as text
    }
  }
  if (/html/i.test(String(contentType)) || /^<(!doctype|html)/i.test(trimmed)) {
    return [{ path: '', issue: 'Upstream returned an HTML error page.', received_type: 'upstream_error' }];
  }
  return [entry(trimmed, undefined, secrets)];
}
