// Presigned S3 document URLs: report downloads (raw GZIP bytes) and feed uploads (PUT); the sandbox's canned ones.
import { HttpResponse, http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { DOCUMENT_HOST, SANDBOX_DOCUMENT_HOST } from './hosts.js';
import { documents, feedDocuments } from './state.js';

function s3Error(status: number, code: string, message: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  return new HttpResponse(xml, {
    status,
    headers: { 'content-type': 'application/xml', 'x-amz-request-id': crypto.randomUUID().slice(0, 16) },
  });
}

function renderS3Fault(status: number, retryAfter: string | undefined): Response {
  const res = s3Error(status, status >= 500 ? 'InternalError' : 'AccessDenied', 'Mock S3 fault');
  if (retryAfter !== undefined) res.headers.set('retry-after', retryAfter);
  return res;
}

/** A presigned URL must not carry the SP-API access token (it would leak to S3). */
function leaksToken(request: Request): boolean {
  return request.headers.has('x-amz-access-token') || request.headers.has('authorization');
}

const download = http.get(
  `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/:id`,
  withFault('api', renderS3Fault, ({ request, params }) => {
    if (leaksToken(request)) return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed');
    const doc = documents.get(String(params.id));
    if (!doc) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return new HttpResponse(doc.content, {
      status: 200,
      headers: {
        'content-type': doc.contentType ?? 'text/plain',
        'content-length': String(doc.content.byteLength),
      },
    });
  }),
);

const feedDownload = http.get(
  `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/feeds/:id`,
  withFault('api', renderS3Fault, ({ request, params }) => {
    if (leaksToken(request)) return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed');
    const doc = feedDocuments.get(String(params.id));
    if (doc?.uploaded === undefined) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return new HttpResponse(doc.uploaded, { status: 200, headers: { 'content-type': doc.contentType } });
  }),
);

const upload = http.put(
  `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/feeds/:id`,
  withFault('api', renderS3Fault, async ({ request, params }) => {
    if (leaksToken(request)) return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed');
    const doc = feedDocuments.get(String(params.id));
    if (!doc)
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match.');
    doc.uploaded = await request.text();
    return new HttpResponse(null, { status: 200, headers: { etag: '"mock-etag"' } });
  }),
);

/**
 * The sandbox's canned document URLs. The models give only the URLs; the content is not in them, so
 * a two-line tab-separated listings report stands in for the download, and any upload is accepted.
 */
const SANDBOX_REPORT = 'item-name\tseller-sku\tprice\tquantity\nSandbox item\tSANDBOX-SKU-1\t9.99\t1\n';

const sandboxDownload = http.get(`${SANDBOX_DOCUMENT_HOST}/:name`, ({ request }) => {
  if (leaksToken(request)) return s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  return new HttpResponse(SANDBOX_REPORT, { status: 200, headers: { 'content-type': 'text/plain' } });
});

const sandboxUpload = http.put(`${SANDBOX_DOCUMENT_HOST}/:name`, ({ request }) =>
  leaksToken(request)
    ? s3Error(400, 'InvalidArgument', 'Only one auth mechanism allowed')
    : new HttpResponse(null, { status: 200, headers: { etag: '"mock-etag"' } }),
);

export const documentHandlers: RequestHandler[] = [
  upload,
  feedDownload,
  download,
  sandboxUpload,
  sandboxDownload,
];
