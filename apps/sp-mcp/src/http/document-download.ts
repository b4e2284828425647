// Downloads a presigned report document (no SP token sent) and decompresses it within a byte bound.
import { type CallContext, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { decodeBody, type Fetcher } from '@obmcp/http-kit';

export interface DownloadedDocument {
  bytes: Uint8Array;
  contentType: string | undefined;
}

export async function downloadDocument(
  fetcher: Fetcher,
  url: string,
  compression: 'GZIP' | undefined,
  maxBytes: number,
  call: CallContext,
): Promise<DownloadedDocument> {
  const res = await fetcher.send({ method: 'GET', url, maxBodyBytes: maxBytes, signal: call.signal });
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
  fetcher: Fetcher,
  answer: Record<string, unknown>,
  kind: 'report' | 'feed',
  maxBytes: number,
  call: CallContext,
): Promise<DownloadedDocument> {
  const url = typeof answer.url === 'string' ? answer.url : '';
  if (!url.startsWith('https://')) {
    throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
      summary: `SP-API returned a ${kind} document without a usable https URL.`,
      details: [{ path: '', issue: 'url missing or not https', received_type: 'upstream_response' }],
    });
  }
  const compression = answer.compressionAlgorithm === 'GZIP' ? 'GZIP' : undefined;
  return downloadDocument(fetcher, url, compression, maxBytes, call);
}

/** Uploads feed content to a presigned URL from createFeedDocument (no SP token sent). */
export async function uploadDocument(
  fetcher: Fetcher,
  url: string,
  contentType: string,
  content: string,
  call: CallContext,
): Promise<void> {
  const res = await fetcher.send({
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
