// ttlMs/cacheScope for the cacheable results of 2026-07-28: what each listing really is on these servers.
import type { CacheHint } from '@modelcontextprotocol/server';

/**
 * The tool listing, the views and their HTML change only with configuration (toolsets, writes, the
 * views built into the package), which a restart applies: an hour is true for every server.
 */
export const LISTING_TTL_MS = 60 * 60 * 1000;

type Cacheable =
  | 'tools/list'
  | 'resources/list'
  | 'resources/templates/list'
  | 'resources/read'
  | 'prompts/list'
  | 'server/discover';

/**
 * `public` where every caller gets the same bytes. tools/list of a server with views is `private`: the
 * `_meta.ui` links depend on whether the requesting client announced the MCP Apps extension.
 */
export function cacheHints(servesViews: boolean): Record<Cacheable, CacheHint> {
  return {
    'tools/list': { ttlMs: LISTING_TTL_MS, cacheScope: servesViews ? 'private' : 'public' },
    'resources/list': { ttlMs: LISTING_TTL_MS, cacheScope: 'public' },
    'resources/templates/list': { ttlMs: LISTING_TTL_MS, cacheScope: 'public' },
    'resources/read': { ttlMs: LISTING_TTL_MS, cacheScope: 'public' },
    // Served only where a server has prompts (the conformance example's fixtures): the same bytes for all.
    'prompts/list': { ttlMs: LISTING_TTL_MS, cacheScope: 'public' },
    'server/discover': { ttlMs: LISTING_TTL_MS, cacheScope: 'public' },
  };
}
