// Bounded gzip decoding for report documents: a gzip bomb fails instead of filling memory.
import { createGunzip } from 'node:zlib';
import { invalidResponseError } from './transport-errors.js';

export type Compression = 'GZIP' | 'NONE' | 'AUTO';

export interface DecodeBodyOptions {
  /** 'GZIP' (SP-API compressionAlgorithm), 'NONE', or 'AUTO' (gzip iff the magic bytes say so). Default 'AUTO'. */
  compression?: Compression;
  /** Hard cap on the decoded size. */
  maxBytes: number;
}

const CHUNK = 64 * 1024;

/** Gunzips with a hard output cap; exceeding it or corrupt input → UPSTREAM_INVALID_RESPONSE. */
export function gunzipBounded(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    const gunzip = createGunzip({ chunkSize: CHUNK });
    const chunks: Buffer[] = [];
    let total = 0;
    // A destroyed stream emits no more data, error or end; a second reject or resolve would change nothing.
    const fail = (issue: string, cause?: unknown): void => {
      gunzip.destroy();
      reject(invalidResponseError(undefined, issue, cause));
    };
    gunzip.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) fail(`decompressed body exceeds ${maxBytes} bytes`);
      else chunks.push(chunk);
    });
    gunzip.on('error', (error) => fail('compressed body is not valid gzip', error));
    gunzip.on('end', () => {
      const joined = Buffer.concat(chunks, total);
      resolve(new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength));
    });
    gunzip.end(bytes);
  });
}

function looksGzipped(bytes: Uint8Array): boolean {
  // A body shorter than two bytes has no bytes[1]: undefined is not 0x8b.
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Decodes a downloaded document body (e.g. an SP-API/Ads report) within maxBytes. */
export async function decodeBody(bytes: Uint8Array, options: DecodeBodyOptions): Promise<Uint8Array> {
  const compression = options.compression ?? 'AUTO';
  if (compression === 'GZIP' || (compression === 'AUTO' && looksGzipped(bytes))) {
    return gunzipBounded(bytes, options.maxBytes);
  }
  if (bytes.length > options.maxBytes) {
    throw invalidResponseError(undefined, `document body exceeds ${options.maxBytes} bytes`);
  }
  return bytes;
}
