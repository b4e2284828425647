// SP next-page tokens of the mock: the offset of the next page and the filters that produced it.

export interface PagePosition {
  offset: number;
  /** The request's filters, serialised; a next-page request must match them (or, sent alone, restores them). */
  filters: string;
}

export const pageToken = {
  encode: (offset: number, filters: string): string =>
    Buffer.from(JSON.stringify({ offset, filters })).toString('base64url'),
  decode: (token: string): PagePosition | undefined => {
    try {
      const parsed = JSON.parse(Buffer.from(token, 'base64url').toString()) as Record<string, unknown>;
      return typeof parsed.offset === 'number' && typeof parsed.filters === 'string'
        ? { offset: parsed.offset, filters: parsed.filters }
        : undefined;
    } catch {
      return undefined;
    }
  },
};

/** A request's query without the named parameters, as a stable string (the filters a token carries). */
export function queryFilters(url: URL, except: readonly string[]): string {
  const kept = [...url.searchParams.entries()].filter(([k]) => !except.includes(k));
  return JSON.stringify(kept.sort(([a], [b]) => a.localeCompare(b)));
}
