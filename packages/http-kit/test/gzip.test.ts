// gunzipBounded/decodeBody: round trip, hard cap (gzip bomb), corrupt input, AUTO sniffing.
import { type Gunzip, gzipSync } from 'node:zlib';
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it, vi } from 'vitest';
import { decodeBody } from '../src/index.js';
import { gunzipBounded } from '../src/gzip.js';

/** Every gunzip stream the decoder creates (real ones): whether it stopped is then read off the stream. */
const gunzips = vi.hoisted((): Gunzip[] => []);
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  return {
    ...zlib,
    createGunzip: (...args: Parameters<typeof zlib.createGunzip>) => {
      const stream = zlib.createGunzip(...args);
      gunzips.push(stream);
      return stream;
    },
  };
});

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

async function invalid(promise: Promise<unknown>): Promise<UpstreamTransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamTransportError);
  expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
  return error as UpstreamTransportError;
}

describe('gunzipBounded', () => {
  it('decodes a gzip document within the cap', async () => {
    const doc = 'sku\tqty\n'.repeat(10_000);
    const out = await gunzipBounded(gzipSync(doc), 1024 * 1024);
    expect(text(out)).toBe(doc);
  });

  it('exactly at the cap is fine, one byte over is not', async () => {
    const packed = gzipSync(Buffer.alloc(1000, 120));
    expect((await gunzipBounded(packed, 1000)).byteLength).toBe(1000);
    const error = await invalid(gunzipBounded(packed, 999));
    expect(error.details[0]?.issue).toBe('decompressed body exceeds 999 bytes');
  });

  it('a gzip bomb (50 MB of zeros, cap 1 MB) fails at the cap and stops inflating', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    gunzips.length = 0;
    const error = await invalid(gunzipBounded(bomb, 1024 * 1024));
    // The stream was destroyed at the cap, having inflated about 1 MB of the 50 (not timed: counted).
    expect(gunzips).toHaveLength(1);
    expect(gunzips[0]?.destroyed).toBe(true);
    expect(gunzips[0]?.bytesWritten).toBeLessThan(bomb.byteLength / 2);
    expect(error.details[0]).toMatchObject({
      path: '',
      issue: 'decompressed body exceeds 1048576 bytes',
      received_type: 'upstream_response',
    });
  });

  it('corrupt or truncated gzip → UPSTREAM_INVALID_RESPONSE', async () => {
    const packed = gzipSync('hello world, hello world');
    await invalid(gunzipBounded(packed.subarray(0, packed.byteLength - 6), 1024));
    const error = await invalid(gunzipBounded(new TextEncoder().encode('not gzip at all'), 1024));
    expect(error.details[0]?.issue).toBe('compressed body is not valid gzip');
  });
});

describe('decodeBody', () => {
  const plain = new TextEncoder().encode('{"a":1}');

  it('AUTO (default) gunzips only when the magic bytes say so', async () => {
    expect(text(await decodeBody(gzipSync(plain), { maxBytes: 100 }))).toBe('{"a":1}');
    expect(text(await decodeBody(plain, { maxBytes: 100 }))).toBe('{"a":1}');
  });

  it('GZIP always gunzips; NONE never does but still enforces the cap', async () => {
    expect(text(await decodeBody(gzipSync(plain), { compression: 'GZIP', maxBytes: 100 }))).toBe('{"a":1}');
    await invalid(decodeBody(plain, { compression: 'GZIP', maxBytes: 100 }));
    const packed = gzipSync(plain);
    expect(await decodeBody(packed, { compression: 'NONE', maxBytes: 100 })).toBe(packed);
    await invalid(decodeBody(plain, { compression: 'NONE', maxBytes: 3 }));
  });

  it('AUTO needs both magic bytes; an uncompressed body is capped at exactly maxBytes', async () => {
    for (const bytes of [
      new Uint8Array([0x1f, 0x00, 0x01]),
      new Uint8Array([0x00, 0x8b]),
      new Uint8Array([0x1f]),
    ])
      expect(await decodeBody(bytes, { maxBytes: 3 })).toBe(bytes);
    await invalid(decodeBody(new Uint8Array([0x1f, 0x8b]), { maxBytes: 100 }));
    expect(await decodeBody(plain, { compression: 'NONE', maxBytes: 7 })).toBe(plain);
    const error = await invalid(decodeBody(plain, { maxBytes: 6 }));
    expect(error.details[0]?.issue).toBe('document body exceeds 6 bytes');
  });
});
