// readBodyBounded: the whole body in order, refused past the cap (declared or streamed), the read cancelled on abort.
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBodyBounded } from '../src/read-body.js';

const bytes = (...values: number[]) => new Uint8Array(values);

/** A streamed body of these chunks; `cancelled` records what cancelled it (and with which reason). */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}, hang = false) {
  const cancelled: unknown[] = [];
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk !== undefined) controller.enqueue(chunk);
      else if (!hang) controller.close();
      // hang: the stream never ends on its own (only a cancel ends the read)
      else return new Promise<void>(() => undefined);
    },
    cancel(reason) {
      cancelled.push(reason ?? 'cancelled');
    },
  });
  return { response: new Response(body, { headers }), cancelled };
}

describe('readBodyBounded', () => {
  it('joins the chunks in order; one chunk is returned as it came', async () => {
    const { response } = streamed([bytes(1, 2), bytes(3), bytes(4, 5, 6)]);
    expect(await readBodyBounded(response, 6)).toEqual(bytes(1, 2, 3, 4, 5, 6));
    const single = bytes(9, 8, 7);
    expect(await readBodyBounded(streamed([single]).response, 3)).toBe(single);
  });

  it('a body without a stream is empty', async () => {
    expect(await readBodyBounded(new Response(null), 10)).toEqual(new Uint8Array(0));
    expect(await readBodyBounded(streamed([]).response, 10)).toEqual(new Uint8Array(0));
  });

  it('a declared length over the cap is refused before any byte is read, and the body is cancelled', async () => {
    const { response, cancelled } = streamed([bytes(1)], { 'content-length': '11' });
    const error = await readBodyBounded(response, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(error).toMatchObject({
      name: 'BodyTooLargeError',
      maxBytes: 10,
      message: 'response body exceeds 10 bytes',
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(cancelled).toHaveLength(1);
  });

  it('a declared length over the cap with no body stream is refused the same way', async () => {
    const response = new Response(null, { headers: { 'content-length': '500' } });
    await expect(readBodyBounded(response, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('a declared length at the cap, or an unreadable one, is read', async () => {
    const atCap = streamed([bytes(1, 2, 3)], { 'content-length': '3' });
    expect(await readBodyBounded(atCap.response, 3)).toEqual(bytes(1, 2, 3));
    const garbled = streamed([bytes(1, 2)], { 'content-length': 'lots' });
    expect(await readBodyBounded(garbled.response, 2)).toEqual(bytes(1, 2));
  });

  it('a stream that grows past the cap is refused at the chunk that crosses it and cancelled', async () => {
    const exact = streamed([bytes(1, 2), bytes(3, 4)]);
    expect(await readBodyBounded(exact.response, 4)).toEqual(bytes(1, 2, 3, 4));
    // The stream would never end: only the refusal (and its cancel) ends the read.
    const over = streamed([bytes(1, 2), bytes(3, 4), bytes(5)], {}, true);
    await expect(readBodyBounded(over.response, 4)).rejects.toMatchObject({ maxBytes: 4 });
    await new Promise((r) => setTimeout(r, 0));
    expect(over.cancelled).toHaveLength(1);
  });

  it("aborting the caller's signal cancels the read with the signal's reason", async () => {
    const { response, cancelled } = streamed([bytes(1)], {}, true);
    const controller = new AbortController();
    const read = readBodyBounded(response, 100, controller.signal);
    await new Promise((r) => setTimeout(r, 5));
    const reason = new Error('caller gave up');
    controller.abort(reason);
    // A cancelled read ends as a body that stopped: what was read, never more.
    await read.catch(() => undefined);
    expect(cancelled).toEqual([reason]);
  });

  it('many reads with one long-lived signal leave no listener behind (no MaxListenersExceededWarning)', async () => {
    const signal = new AbortController().signal;
    const seen: string[] = [];
    const onWarning = (warning: Error) => seen.push(warning.name);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 30; i++) await readBodyBounded(streamed([bytes(i)]).response, 10, signal);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off('warning', onWarning);
    }
    expect(seen).not.toContain('MaxListenersExceededWarning');
  });

  it('an abort after the body was read cancels nothing', async () => {
    const { response, cancelled } = streamed([bytes(1), bytes(2)]);
    const controller = new AbortController();
    expect(await readBodyBounded(response, 100, controller.signal)).toEqual(bytes(1, 2));
    controller.abort(new Error('later'));
    await new Promise((r) => setTimeout(r, 0));
    expect(cancelled).toEqual([]);
  });
});
