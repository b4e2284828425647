// Routes one host's requests to a stub for the duration of a call (for SDKs that take no fetch option).
export async function withHostFetch<T>(
  host: string,
  stub: typeof globalThis.fetch,
  run: () => Promise<T>,
): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new URL(url).host === host ? stub(input, init) : original(input, init);
  };
  try {
    return await run();
  } finally {
    globalThis.fetch = original;
  }
}
