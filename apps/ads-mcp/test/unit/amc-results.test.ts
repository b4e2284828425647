// Unit (src): the rows an AMC execution answers: files downloaded in order and only until the row cap,
// columns merged across files, the warning when rows were left out, and a file that is not CSV refused.
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { amcRowCap, downloadAmcRows, filesOf, NO_ROWS } from '../../src/tools/amc-results.js';
import type { ToolDeps } from '../../src/tools/deps.js';
import { recordingCall } from './call-context.js';

/** Storage answering each URL with its CSV text; records what was downloaded and how. */
function storage(files: Record<string, string>, reportMaxRows = 1000) {
  const fetched: Array<[string, string]> = [];
  const deps = {
    config: { reportMaxRows },
    client: {
      download: async (url: string, _call: unknown, kind: string) => {
        fetched.push([url, kind]);
        const text = files[url];
        if (text === undefined) throw new Error(`no file ${url}`);
        return new TextEncoder().encode(text);
      },
    },
  } as unknown as ToolDeps;
  return { deps, fetched };
}

const capWarning = (returned: number, cap: number) => ({
  kind: 'partial_results',
  summary: `Returned the first ${returned} rows of the AMC result (row cap).`,
  details: [{ path: 'maxRows', issue: `row cap ${cap} reached`, received_type: 'integer', limit: cap }],
  hints: [
    'Aggregate or filter in the SQL (GROUP BY, WHERE, LIMIT) to receive every row, or download the files from downloadUrls.',
  ],
});

describe('filesOf', () => {
  it('keeps the two URL lists, anything else as empty lists', () => {
    expect(filesOf({ downloadUrls: ['u1'], metadataDownloadUrls: ['m1'] })).toEqual({
      downloadUrls: ['u1'],
      metadataDownloadUrls: ['m1'],
    });
    expect(filesOf({ downloadUrls: 'u1', metadataDownloadUrls: null })).toEqual({
      downloadUrls: [],
      metadataDownloadUrls: [],
    });
  });
});

describe('amcRowCap', () => {
  it("the call's maxRows within ADS_REPORT_MAX_ROWS", () => {
    const { deps } = storage({}, 100);
    expect(amcRowCap(deps, undefined)).toBe(100);
    expect(amcRowCap(deps, 10)).toBe(10);
    expect(amcRowCap(deps, 500)).toBe(100);
  });
});

describe('downloadAmcRows', () => {
  it('every file under the cap: all rows in order, columns merged, files counted, no warning', async () => {
    const { deps, fetched } = storage({
      u1: 'campaign,impressions\nA,1\nB,2\n',
      u2: 'campaign,clicks\nC,3\n',
    });
    const { call, warnings } = recordingCall();
    expect(
      await downloadAmcRows(deps, { downloadUrls: ['u1', 7, 'u2'], metadataDownloadUrls: ['m'] }, 10, call),
    ).toEqual({
      columns: ['campaign', 'impressions', 'clicks'],
      rows: [
        { campaign: 'A', impressions: '1' },
        { campaign: 'B', impressions: '2' },
        { campaign: 'C', clicks: '3' },
      ],
      returnedRows: 3,
      truncated: false,
      files: 2,
    });
    expect(fetched).toEqual([
      ['u1', 'amc_result'],
      ['u2', 'amc_result'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('the cap reached inside a file: later files are not downloaded, and a warning says so', async () => {
    const { deps, fetched } = storage({ u1: 'a\n1\n2\n3\n', u2: 'a\n4\n' });
    const { call, warnings } = recordingCall();
    const out = await downloadAmcRows(
      deps,
      { downloadUrls: ['u1', 'u2'], metadataDownloadUrls: [] },
      2,
      call,
    );
    expect(out).toEqual({
      columns: ['a'],
      rows: [{ a: '1' }, { a: '2' }],
      returnedRows: 2,
      truncated: true,
      files: 2,
    });
    expect(fetched.map(([u]) => u)).toEqual(['u1']);
    expect(warnings).toEqual([capWarning(2, 2)]);
  });

  it('the cap reached exactly at the end of a file: the next file is not downloaded, the result says truncated', async () => {
    const { deps, fetched } = storage({ u1: 'a\n1\n2\n', u2: 'a\n3\n' });
    const { call, warnings } = recordingCall();
    const out = await downloadAmcRows(
      deps,
      { downloadUrls: ['u1', 'u2'], metadataDownloadUrls: [] },
      2,
      call,
    );
    expect(out).toMatchObject({ rows: [{ a: '1' }, { a: '2' }], truncated: true });
    expect(fetched.map(([u]) => u)).toEqual(['u1']);
    expect(warnings).toEqual([capWarning(2, 2)]);
  });

  it('the second file is read only up to what the cap leaves', async () => {
    const { deps } = storage({ u1: 'a\n1\n', u2: 'a\n2\n3\n4\n' });
    const { call, warnings } = recordingCall();
    const out = await downloadAmcRows(
      deps,
      { downloadUrls: ['u1', 'u2'], metadataDownloadUrls: [] },
      3,
      call,
    );
    expect(out.rows).toEqual([{ a: '1' }, { a: '2' }, { a: '3' }]);
    expect(out.truncated).toBe(true);
    expect(warnings).toEqual([capWarning(3, 3)]);
  });

  it('a file that is not CSV is an invalid upstream response naming the file', async () => {
    const { deps } = storage({ u1: 'a\n1\n', u2: '' });
    const { call } = recordingCall();
    const error = await downloadAmcRows(
      deps,
      { downloadUrls: ['u1', 'u2'], metadataDownloadUrls: [] },
      10,
      call,
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UpstreamTransportError);
    const { code, summary, details, hints } = error as UpstreamTransportError;
    expect({ code, summary, details, hints }).toEqual({
      code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'The AMC result file is not CSV with a header row; no rows are returned.',
      details: [{ path: '', issue: 'file 2: CSV without a header row', received_type: 'upstream_response' }],
      hints: ['The download URLs are in get_amc_execution_download_urls if the file is wanted as it is.'],
    });
  });

  it('a download failure is not turned into a CSV error', async () => {
    const { deps } = storage({});
    const { call } = recordingCall();
    await expect(
      downloadAmcRows(deps, { downloadUrls: ['gone'], metadataDownloadUrls: [] }, 10, call),
    ).rejects.toThrow('no file gone');
  });

  it('no rows yet: empty fields', () => {
    expect(NO_ROWS).toEqual({ columns: [], rows: [], returnedRows: 0, truncated: false });
  });
});
