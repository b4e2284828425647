// directFetch: the global fetch as it was before the in-process mocks patched it, for a test's own loopback HTTP server.
import type { FetchLike } from '@modelcontextprotocol/client';

/**
 * msw patches globalThis.fetch in this process when the first in-process server starts (startInProcess,
 * startHttpInProcess); its patched fetch would answer a request to a test's own server (or stall its SSE
 * stream). Captured when test-kit loads, so import test-kit before starting msw any other way.
 */
export const directFetch: FetchLike = globalThis.fetch.bind(globalThis);
