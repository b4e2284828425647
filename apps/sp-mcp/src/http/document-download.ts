// Downloads a presigned report document (no SP token sent) and decompresses it within a byte bound.
import { type CallContext, UpstreamHttpError } from '@obmcp/contract';
import { assertAnsweredUrl, decodeBody, type Fetcher, type RedirectHosts } from '@obmcp/http-kit';

/** Where presigned documents live: the fetcher (no SP-API credentials) and the hosts an answer may point at. */
export interface DocumentStorage {
  fetcher: Fetcher;
  /** `spRedirectHosts`: S3 and the sandbox's CloudFront, besides the API's own hosts. */
  hosts: RedirectHosts;
}

/** A URL from an SP-API answer is used only when http-kit's rule for answered URLs allows it; never echoed. */
function checkDocumentUrl(url: string, storage: DocumentStorage, kind: 'report' | 'feed', use: string): void {
  assertAnsweredUrl(url, storage.hosts, {
    storage: 'SP-API document storage',
    summary: `SP-API answered with a ${kind} document URL this server does not ${use}.`,
    hint: 'Nothing was sent to that URL. If SP_API_ENDPOINT is a proxy you configured, check the URLs it answers with.',
  });
}

export interface DownloadedDocument {
  bytes: Uint8Array;
  contentType: string | undefined;
}

async function downloadDocument(
  storage: DocumentStorage,
  url: string,
  compression: 'GZIP' | undefined,
  maxBytes: number,
  call: CallContext,
): Promise<DownloadedDocument> {
  const res = await storage.fetcher.send({ method: 'GET', url, maxBodyBytes: maxBytes, signal: call.signal });
  if (!res.ok) {
    throw new UpstreamHttpError(res.status, {
      service: 'SP-API document storage',
      summary: `Report document download failed with HTTP ${res.status}.`,
      details: [
        { path: '', issue: `document URL returned HTTP ${res.status}`, received_type: 'upstream_error' },
      ],
      hints: [
        'Presigned document URLs expire after 5 minutes; call get_report_document again for a fresh URL.',
      ],
    });
  }
  const bytes = await decodeBody(res.bytes, { compression: compression ?? 'AUTO', maxBytes });
  return { bytes, contentType: res.headers.get('content-type') ?? undefined };
}

/**
 * The document a getReportDocument / getFeedDocument answer points at: its https URL checked, downloaded and
 * decompressed within the byte bound (`kind` names it in the envelope).
 */
export async function downloadDescribedDocument(
  storage: DocumentStorage,
  answer: Record<string, unknown>,
  kind: 'report' | 'feed',
  maxBytes: number,
  call: CallContext,
): Promise<DownloadedDocument> {
  const url = typeof answer.url === 'string' ? answer.url : '';
  checkDocumentUrl(url, storage, kind, 'download');
  const compression = answer.compressionAlgorithm === 'GZIP' ? 'GZIP' : undefined;
  return downloadDocument(storage, url, compression, maxBytes, call);
}

/** Uploads feed content to a presigned URL from createFeedDocument (no SP token sent). */
export async function uploadDocument(
  storage: DocumentStorage,
  url: string,
  contentType: string,
  content: string,
  call: CallContext,
): Promise<void> {
  checkDocumentUrl(url, storage, 'feed', 'upload to');
  const res = await storage.fetcher.send({
    method: 'PUT',
    url,
    headers: { 'content-type': contentType },
    body: content,
    signal: call.signal,
  });
  if (!res.ok) {
    throw new UpstreamHttpError(res.status, {
      service: 'SP-API document storage',
      summary: `Feed document upload failed with HTTP ${res.status}.`,
      details: [
        { path: 'content', issue: `upload URL returned HTTP ${res.status}`, received_type: 'upstream_error' },
      ],
      hints: ['Presigned upload URLs expire after 5 minutes; create a new feed document and upload again.'],
    });
  }
}
