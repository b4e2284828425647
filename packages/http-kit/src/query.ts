// URL query and form-body builders (SP-API style comma-joined arrays, undefined skipped).

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type FormValue = string | number | boolean | undefined;

/**
 * Adds params to url's query (existing params are kept, same names replaced). Arrays are
 * comma-joined (`MarketplaceIds=A,B`); undefined values and empty arrays are skipped.
 */
export function joinQuery(url: string | URL, params: Record<string, QueryValue>): string {
  // Nothing to add (the common case for path-only calls): no URL round-trip.
  if (typeof url === 'string' && !hasValues(params)) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      target.searchParams.set(name, value.join(','));
    } else {
      target.searchParams.set(name, String(value));
    }
  }
  return target.toString();
}

function hasValues(params: Record<string, QueryValue>): boolean {
  for (const value of Object.values(params)) {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) return true;
  }
  return false;
}

/** application/x-www-form-urlencoded body; undefined values are skipped. */
export function formBody(record: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(record)) {
    if (value !== undefined) body.append(name, String(value));
  }
  return body;
}
