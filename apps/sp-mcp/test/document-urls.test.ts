// A document URL from an SP-API answer is downloaded or uploaded to only on a declared storage host (http-kit's answered-URL rule).
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { type Fetcher, RedirectHosts } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  type DocumentStorage,
  downloadDescribedDocument,
  uploadDocument,
} from '../src/http/document-download.js';
import { spRedirectHosts } from '../src/http/redirect-hosts.js';

const config = loadConfig({ OBMCP_MOCK: '1' });
const call = { tool: 'get_report_document', signal: undefined, logger: silentLogger } as never as CallContext;

function recordingStorage(): { storage: DocumentStorage; sent: string[] } {
  const sent: string[] = [];
  const fetcher: Fetcher = {
    send: async (req) => {
      sent.push(String(req.url));
      return {
        ok: true,
        status: 200,
        headers: new Headers(),
        bytes: new TextEncoder().encode('a\tb\n'),
      } as never;
    },
    close: async () => {},
  };
  return { storage: { fetcher, hosts: new RedirectHosts(spRedirectHosts(config)) }, sent };
}

const REFUSED = [
  ['https://attacker.example.com/doc?X-Amz-Signature=s', 'not a declared SP-API document storage host'],
  ['http://tortuga-prod-na.s3-external-1.amazonaws.com/doc', 'not https'],
  ['https://u:p@tortuga-prod-na.s3-external-1.amazonaws.com/doc', 'user:password'],
  ['https://169.254.169.254/latest/meta-data', 'not a declared SP-API document storage host'],
] as const;

describe('SP-API document URLs', () => {
  it.each(REFUSED)('download from %s → UPSTREAM_INVALID_RESPONSE, nothing sent', async (url, issue) => {
    const { storage, sent } = recordingStorage();
    const error = await downloadDescribedDocument(storage, { url }, 'report', 1000, call).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamTransportError);
    expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
    const details = JSON.stringify((error as UpstreamTransportError).details);
    expect(details).toContain(issue);
    expect(details).not.toContain('X-Amz-Signature');
    expect(sent).toEqual([]);
  });

  it.each(REFUSED)('upload to %s → UPSTREAM_INVALID_RESPONSE, nothing sent', async (url, issue) => {
    const { storage, sent } = recordingStorage();
    const error = await uploadDocument(storage, url, 'text/plain', 'x', call).catch((e) => e);
    expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(JSON.stringify((error as UpstreamTransportError).details)).toContain(issue);
    expect(sent).toEqual([]);
  });

  it('an answer without a URL is refused, not skipped', async () => {
    const { storage, sent } = recordingStorage();
    const error = await uploadDocument(storage, '', 'text/plain', 'x', call).catch((e) => e);
    expect((error as UpstreamTransportError).code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(sent).toEqual([]);
  });

  it.each([
    'https://tortuga-prod-na.s3-external-1.amazonaws.com/NOT_A_REAL_BUCKET/doc?X-Amz-Signature=s',
    'https://d34o8swod1owfl.cloudfront.net/example.txt',
  ])('the documented storage host %s is fetched', async (url) => {
    const { storage, sent } = recordingStorage();
    await downloadDescribedDocument(storage, { url }, 'report', 1000, call);
    expect(sent).toEqual([url]);
  });
});
