// Reads a fetch Response body fully, aborting as soon as it exceeds the byte cap.

/** Thrown (internally) when the body is larger than allowed; the fetcher maps it. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`response body exceeds ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** Reads `response` fully; aborting `signal` cancels the read (and so closes the connection). */
export async function readBodyBounded(
  response: Response,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  if (signal === undefined) return readAll(reader, maxBytes);
  // Not awaited: a stream that ignores cancellation must not hold the exchange (untilAborted bounds it).
  const cancel = (): void => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', cancel);
  try {
    return await readAll(reader, maxBytes);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not awaited, for the same reason.
      reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
