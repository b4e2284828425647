// Presigned report and feed documents: fetched only from declared storage hosts, decompressed within the bound, failures explained; where redirects may lead.
import { gzipSync } from 'node:zlib';
import { UpstreamHttpError, UpstreamTransportError, type CallContext } from '@obmcp/contract';
import { createFetcher, RedirectHosts } from '@obmcp/http-kit';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  type DocumentStorage,
  downloadDescribedDocument,
  uploadDocument,
} from '../../src/http/document-download.js';
import { spRedirectHosts } from '../../src/http/redirect-hosts.js';

// getReportDocument's answer in the model: a pre-signed S3 URL that expires after five minutes.
const S3 = 'https://tortuga-prod-na.s3-external-1.amazonaws.com/doc-1?X-Amz-Signature=abc';
const TEXT = 'sku\tprice\nA-1\t9.99\n';

/** Every request the fake storage received (method, url, content type, body, whether an SP token came along). */
let seen: Array<{ method: string; url: string; type: string | null; body: string; token: boolean }> = [];
const storage = setupServer();

beforeAll(() => {
  storage.listen({ onUnhandledRequest: 'error' });
  storage.events.on('request:start', async ({ request }) => {
    seen.push({
      method: request.method,
      url: request.url,
      type: request.headers.get('content-type'),
      body: request.method === 'GET' ? '' : await request.clone().text(),
      token: request.headers.has('x-amz-access-token'),
    });
  });
});
afterEach(() => {
  storage.resetHandlers();
  seen = [];
});
afterAll(() => storage.close());

const call = { signal: new AbortController().signal } as unknown as CallContext;

function documents(): DocumentStorage {
  const hosts = spRedirectHosts(loadConfig({ OBMCP_MOCK: '1' }));
  return {
    fetcher: createFetcher({ timeoutMs: 5_000, redirectHosts: hosts }),
    hosts: new RedirectHosts(hosts),
  };
}

const serve = (body: ConstructorParameters<typeof HttpResponse>[0], init: ResponseInit = {}) =>
  storage.use(
    http.get('https://tortuga-prod-na.s3-external-1.amazonaws.com/doc-1', () => new HttpResponse(body, init)),
  );

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('downloadDescribedDocument', () => {
  it('a GZIP document is downloaded without the SP token and decompressed; its content type comes along', async () => {
    serve(gzipSync(TEXT), { headers: { 'content-type': 'text/tab-separated-values' } });
    const doc = await downloadDescribedDocument(
      documents(),
      { url: S3, compressionAlgorithm: 'GZIP' },
      'report',
      1_000,
      call,
    );
    expect(new TextDecoder().decode(doc.bytes)).toBe(TEXT);
    expect(doc.contentType).toBe('text/tab-separated-values');
    expect(seen).toEqual([{ method: 'GET', url: S3, type: null, body: '', token: false }]);
  });

  it('without compressionAlgorithm, gzip is recognised by its bytes and plain text stays as it is', async () => {
    serve(gzipSync(TEXT));
    const zipped = await downloadDescribedDocument(documents(), { url: S3 }, 'report', 1_000, call);
    expect(new TextDecoder().decode(zipped.bytes)).toBe(TEXT);
    serve(TEXT);
    const plain = await downloadDescribedDocument(
      documents(),
      { url: S3, compressionAlgorithm: 'NONE' },
      'report',
      1_000,
      call,
    );
    expect(new TextDecoder().decode(plain.bytes)).toBe(TEXT);
  });

  it('a GZIP-declared document that is not gzip fails instead of returning the raw bytes', async () => {
    serve(TEXT);
    await expect(
      downloadDescribedDocument(
        documents(),
        { url: S3, compressionAlgorithm: 'GZIP' },
        'report',
        1_000,
        call,
      ),
    ).rejects.toThrow();
  });

  it('no content type: undefined, not null', async () => {
    serve(new Uint8Array([65, 66]).buffer as ArrayBuffer);
    const doc = await downloadDescribedDocument(documents(), { url: S3 }, 'report', 1_000, call);
    expect(doc.contentType).toBeUndefined();
  });

  it('a document over the byte bound is refused, compressed or not', async () => {
    serve('x'.repeat(5_000));
    await expect(
      downloadDescribedDocument(documents(), { url: S3 }, 'report', 2_000, call),
    ).rejects.toThrow();
    serve(gzipSync('x'.repeat(5_000)));
    await expect(
      downloadDescribedDocument(
        documents(),
        { url: S3, compressionAlgorithm: 'GZIP' },
        'report',
        2_000,
        call,
      ),
    ).rejects.toThrow();
  });

  it('an expired URL (403): document storage failed, with the fresh-URL hint', async () => {
    serve('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>', { status: 403 });
    const error = await failure(downloadDescribedDocument(documents(), { url: S3 }, 'report', 1_000, call));
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const e = error as UpstreamHttpError;
    expect(e.status).toBe(403);
    expect(e.summary).toBe('Report document download failed with HTTP 403.');
    expect(e.service).toBe('SP-API document storage');
    expect(e.details).toEqual([
      { path: '', issue: 'document URL returned HTTP 403', received_type: 'upstream_error' },
    ]);
    expect(e.hints).toEqual([
      'Presigned document URLs expire after 5 minutes; call get_report_document again for a fresh URL.',
    ]);
  });

  it('a URL off the declared storage hosts, over http or missing is refused before anything is sent', async () => {
    for (const url of [
      'https://attacker.example/doc-1',
      'https://amazonaws.com.attacker.example/doc-1',
      'http://tortuga-prod-na.s3-external-1.amazonaws.com/doc-1',
      'https://127.0.0.1/doc-1',
      42,
      undefined,
    ]) {
      const error = await failure(downloadDescribedDocument(documents(), { url }, 'feed', 1_000, call));
      expect(error, String(url)).toBeInstanceOf(UpstreamTransportError);
      const e = error as UpstreamTransportError;
      expect(e.code).toBe('UPSTREAM_INVALID_RESPONSE');
      expect(e.summary).toBe('SP-API answered with a feed document URL this server does not download.');
      expect(e.hints).toEqual([
        'Nothing was sent to that URL. If SP_API_ENDPOINT is a proxy you configured, check the URLs it answers with.',
      ]);
      expect(JSON.stringify(e.details)).not.toContain('doc-1');
    }
    const hostIssue = await failure(
      downloadDescribedDocument(documents(), { url: 'https://attacker.example/d' }, 'report', 1_000, call),
    );
    expect((hostIssue as UpstreamTransportError).details[0]?.issue).toBe(
      "the download URL's host attacker.example is not a declared SP-API document storage host",
    );
    expect(seen).toEqual([]);
  });
});

describe('uploadDocument', () => {
  const UPLOAD = 'https://tortuga-prod-na.s3-external-1.amazonaws.com/feed-1?X-Amz-Signature=def';

  it('PUTs the content with its content type, without the SP token', async () => {
    storage.use(
      http.put(
        'https://tortuga-prod-na.s3-external-1.amazonaws.com/feed-1',
        () => new HttpResponse(null, { status: 200 }),
      ),
    );
    await uploadDocument(documents(), UPLOAD, 'text/xml; charset=UTF-8', '<feed/>', call);
    expect(seen).toEqual([
      { method: 'PUT', url: UPLOAD, type: 'text/xml; charset=UTF-8', body: '<feed/>', token: false },
    ]);
  });

  it('a refused upload (403) says so, on the content', async () => {
    storage.use(
      http.put(
        'https://tortuga-prod-na.s3-external-1.amazonaws.com/feed-1',
        () => new HttpResponse('denied', { status: 403 }),
      ),
    );
    const error = await failure(uploadDocument(documents(), UPLOAD, 'text/plain', 'x', call));
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const e = error as UpstreamHttpError;
    expect(e.status).toBe(403);
    expect(e.summary).toBe('Feed document upload failed with HTTP 403.');
    expect(e.service).toBe('SP-API document storage');
    expect(e.details).toEqual([
      { path: 'content', issue: 'upload URL returned HTTP 403', received_type: 'upstream_error' },
    ]);
    expect(e.hints).toEqual([
      'Presigned upload URLs expire after 5 minutes; create a new feed document and upload again.',
    ]);
  });

  it('an upload URL off the storage hosts: refused, nothing sent', async () => {
    const error = await failure(
      uploadDocument(documents(), 'https://attacker.example/u', 'text/plain', 'x', call),
    );
    expect((error as UpstreamTransportError).summary).toBe(
      'SP-API answered with a feed document URL this server does not upload to.',
    );
    expect(seen).toEqual([]);
  });
});

describe('spRedirectHosts', () => {
  it('the SP-API hosts of every region (production and sandbox), LWA, S3 and the sandbox CloudFront; nothing else', () => {
    const hosts = new RedirectHosts(spRedirectHosts(loadConfig({ OBMCP_MOCK: '1' })));
    for (const host of [
      'sellingpartnerapi-na.amazon.com',
      'sellingpartnerapi-eu.amazon.com',
      'sellingpartnerapi-fe.amazon.com',
      'sandbox.sellingpartnerapi-na.amazon.com',
      'sandbox.sellingpartnerapi-eu.amazon.com',
      'sandbox.sellingpartnerapi-fe.amazon.com',
      'api.amazon.com',
      'api.amazon.co.uk',
      'api.amazon.co.jp',
      'tortuga-prod-eu.s3-eu-west-1.amazonaws.com',
      'd34o8swod1owfl.cloudfront.net',
    ])
      expect(hosts.allows(host), host).toBe(true);
    for (const host of [
      'attacker.example',
      'amazonaws.com.attacker.example',
      'other.cloudfront.net',
      'sellingpartnerapi-xx.amazon.com',
      'amazon.com',
      'proxy.internal',
    ])
      expect(hosts.allows(host), host).toBe(false);
  });

  it('the configured SP_API_ENDPOINT and SP_API_LWA_ENDPOINT hosts are added', () => {
    const config = loadConfig({
      OBMCP_MOCK: '1',
      SP_API_ENDPOINT: 'https://proxy.internal:8443/sp',
      SP_API_LWA_ENDPOINT: 'https://lwa.internal/auth/o2/token',
    });
    const hosts = new RedirectHosts(spRedirectHosts(config));
    expect(hosts.allows('proxy.internal')).toBe(true);
    expect(hosts.allows('lwa.internal')).toBe(true);
  });
});
