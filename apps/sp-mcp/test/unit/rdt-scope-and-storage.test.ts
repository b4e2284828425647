// Edges a user would hit: refusals split over several details, scopes missing fields, the RDT path kind of each restricted operation, the document request itself.
import { UpstreamHttpError, UpstreamTransportError, type CallContext } from '@obmcp/contract';
import { type Fetcher, RedirectHosts } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { parseRdtScope } from '../../src/auth/rdt-auth.js';
import { deniedDataElements, isRoleRefusal } from '../../src/auth/rdt-errors.js';
import { loadConfig } from '../../src/config.js';
import { downloadDescribedDocument } from '../../src/http/document-download.js';
import { spRedirectHosts } from '../../src/http/redirect-hosts.js';
import { restrictedOperations } from '../../src/restricted/restricted-operations.js';

const refusal = (status: number, ...issues: string[]) =>
  new UpstreamHttpError(status, {
    details: issues.map((issue) => ({ path: '', issue, received_type: 'upstream_error' })),
  });

describe('refusals over several details', () => {
  it('are read as one text with a space between details', () => {
    expect(
      deniedDataElements(refusal(400, 'requested data', 'elements: [buyerInfo]'), ['buyerInfo']),
    ).toEqual(['buyerInfo']);
    expect(
      isRoleRefusal(
        refusal(400, 'Application does not', 'have access to one or more requested data elements'),
      ),
    ).toBe(true);
  });
});

describe('parseRdtScope', () => {
  it('a scope missing fields reads them as empty', () => {
    expect(parseRdtScope('rdt:us-main')).toEqual({
      identity: 'us-main',
      operationId: '',
      resource: { method: '', path: '' },
      roles: [],
    });
    expect(parseRdtScope('rdt:').identity).toBe('');
  });
});

describe('restrictedOperations', () => {
  it('rows without a generic path are requested for the concrete path of the call', () => {
    const byId = (api: string, operationId: string) =>
      restrictedOperations().find((r) => r.api === api && r.operationId === operationId);
    expect(byId('reports_2021-06-30', 'getReportDocument')?.rdtPath).toBe('specific');
    expect(byId('merchantFulfillmentV0', 'createShipment')?.rdtPath).toBe('specific');
    expect(byId('ordersV0', 'getOrder')?.rdtPath).toBe('generic');
  });
});

describe('the document request', () => {
  const S3 = 'https://tortuga-prod-na.s3-external-1.amazonaws.com/doc-1?X-Amz-Signature=abc';
  const call = { signal: new AbortController().signal } as unknown as CallContext;
  const hosts = new RedirectHosts(spRedirectHosts(loadConfig({ OBMCP_MOCK: '1' })));

  it('a GET of the URL, bounded, with the call signal', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const fetcher = {
      send: async (req: Record<string, unknown>) => {
        sent.push(req);
        return { ok: true, status: 200, bytes: new TextEncoder().encode('a\tb\n'), headers: new Headers() };
      },
    } as unknown as Fetcher;
    await downloadDescribedDocument({ fetcher, hosts }, { url: S3 }, 'report', 1_000, call);
    expect(sent).toEqual([{ method: 'GET', url: S3, maxBodyBytes: 1_000, signal: call.signal }]);
  });

  it('only a string URL is used, whatever else the answer holds', async () => {
    const fetcher = { send: async () => expect.unreachable('nothing may be sent') } as unknown as Fetcher;
    const error = await downloadDescribedDocument(
      { fetcher, hosts },
      { url: new URL(S3) },
      'report',
      1_000,
      call,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamTransportError);
    expect((error as UpstreamTransportError).details[0]?.issue).toBe('the download URL is not a URL');
  });
});
