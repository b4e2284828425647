// Unit (src): run_amc_query and get_amc_query_results as an agent calls them: the create, status and download-URL
// requests with the AMC entity headers, the result CSVs read in order up to the row cap (a later file not fetched),
// and the answers: rows with the URLs, not SUCCEEDED (no rows), not done in time (a warning naming the next call).
import type { Envelope } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { type Answer, json, type Sent, toolRig } from './ads-rig.js';

const ENTITY = { advertiserId: 'amcacc1', marketplaceId: 'ATVPDKIKX0DER' };
const SCOPE = { instanceId: 'amcinst1', ...ENTITY };
const RUN = { ...SCOPE, sqlQuery: 'SELECT 1', timeWindowType: 'MOST_RECENT_WEEK' };
const EXEC = 'exec-0000-0001';
const FILE_1 = 'https://amc-results.s3.amazonaws.com/part1.csv?X-Amz-Signature=a';
const FILE_2 = 'https://amc-results.s3.amazonaws.com/part2.csv?X-Amz-Signature=b';
const BASE = 'https://advertising-api.amazon.com/amc/reporting/amcinst1/workflowExecutions';

/** The AMC upstream: RUNNING for `polls` status reads, then `final`; two result files. */
function amc(final: string, polls = 1) {
  let gets = 0;
  return (req: Sent): Answer => {
    const url = req.url.split('?')[0];
    if (req.method === 'POST' && url === BASE)
      return json({ workflowExecution: { workflowExecutionId: EXEC, status: 'PENDING' } });
    if (req.method === 'GET' && url === `${BASE}/${EXEC}`) {
      gets += 1;
      const status = gets <= polls ? 'RUNNING' : final;
      return json({ workflowExecution: { workflowExecutionId: EXEC, status }, extra: 'kept' });
    }
    if (req.method === 'GET' && url === `${BASE}/${EXEC}/downloadUrls`)
      return json({
        downloadUrls: [FILE_1, FILE_2],
        metadataDownloadUrls: ['https://amc-results.s3.amazonaws.com/m'],
      });
    if (req.url === FILE_1) return { body: 'a,b\n1,2\n3,4\n', headers: { 'content-type': 'text/csv' } };
    if (req.url === FILE_2) return { body: 'a,c\n5,6\n', headers: { 'content-type': 'text/csv' } };
    return json({ message: `unexpected ${req.method} ${req.url}` }, 500);
  };
}

async function ok(r: ReturnType<typeof toolRig>, name: string, args: Record<string, unknown>) {
  const outcome = await r.call(name, args);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
  return outcome.value as Record<string, unknown>;
}

describe('run_amc_query', () => {
  it('creates the execution, polls it, reads every result file in order and answers the rows with the URLs', async () => {
    const r = toolRig(amc('SUCCEEDED'));
    const out = await ok(r, 'run_amc_query', { ...RUN, waitSeconds: 60, maxRows: 100 });
    expect(out).toEqual({
      workflowExecutionId: EXEC,
      status: 'SUCCEEDED',
      ready: true,
      workflowExecution: { workflowExecutionId: EXEC, status: 'SUCCEEDED' },
      extra: 'kept',
      downloadUrls: [FILE_1, FILE_2],
      metadataDownloadUrls: ['https://amc-results.s3.amazonaws.com/m'],
      columns: ['a', 'b', 'c'],
      rows: [
        { a: '1', b: '2' },
        { a: '3', b: '4' },
        { a: '5', c: '6' },
      ],
      returnedRows: 3,
      truncated: false,
      files: 2,
    });
    expect(r.sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST ${BASE}`,
      `GET ${BASE}/${EXEC}`,
      `GET ${BASE}/${EXEC}`,
      `GET ${BASE}/${EXEC}/downloadUrls`,
      `GET ${FILE_1}`,
      `GET ${FILE_2}`,
    ]);
    for (const s of r.sent.slice(0, 4))
      expect(s.headers).toMatchObject({
        'amazon-advertising-api-advertiserid': 'amcacc1',
        'amazon-advertising-api-marketplaceid': 'ATVPDKIKX0DER',
      });
    expect(JSON.parse(r.sent[0]?.body ?? '')).toEqual({
      workflow: { sqlQuery: 'SELECT 1' },
      timeWindowType: 'MOST_RECENT_WEEK',
    });
    for (const s of r.sent.slice(4)) expect(s.headers).not.toHaveProperty('authorization');
  });

  it('a task handed over by another replica waits on the execution it started: no second create', async () => {
    const r = toolRig(amc('SUCCEEDED'));
    const { outcome } = await r.host.invoke(
      'run_amc_query',
      { ...RUN, waitSeconds: 60 },
      { signal: new AbortController().signal, listedOnly: false, reattach: { workflowExecutionId: EXEC } },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
    expect(outcome.value).toMatchObject({
      workflowExecutionId: EXEC,
      status: 'SUCCEEDED',
      ready: true,
      files: 2,
    });
    expect(r.sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET ${BASE}/${EXEC}`,
      `GET ${BASE}/${EXEC}`,
      `GET ${BASE}/${EXEC}/downloadUrls`,
      `GET ${FILE_1}`,
      `GET ${FILE_2}`,
    ]);
    for (const s of r.sent.slice(0, 3))
      expect(s.headers).toMatchObject({
        'amazon-advertising-api-advertiserid': 'amcacc1',
        'amazon-advertising-api-marketplaceid': 'ATVPDKIKX0DER',
      });
  });

  it('each progress update names the execution a replica shutting down hands over', async () => {
    const r = toolRig(amc('SUCCEEDED'));
    const updates: unknown[] = [];
    const { outcome } = await r.host.invoke(
      'run_amc_query',
      { ...RUN, waitSeconds: 60 },
      {
        signal: new AbortController().signal,
        listedOnly: false,
        progress: async (u) => void updates.push(u),
      },
    );
    expect(outcome.ok).toBe(true);
    expect(updates.length).toBeGreaterThan(0);
    for (const u of updates) expect(u).toMatchObject({ reattach: { workflowExecutionId: EXEC } });
    expect(updates.map((u) => (u as { status: string }).status)).toContain('RUNNING');
  });

  it('an execution answer without a status is waited on as PENDING, and answered PENDING', async () => {
    const r = toolRig(() => json({ workflowExecution: { workflowExecutionId: EXEC } }));
    const updates: unknown[] = [];
    const { outcome, meta } = await r.host.invoke(
      'run_amc_query',
      { ...RUN, waitSeconds: 0 },
      {
        signal: new AbortController().signal,
        listedOnly: false,
        progress: async (u) => void updates.push(u),
      },
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.envelope));
    expect(updates.map((u) => (u as { status: string }).status)).toEqual(['PENDING']);
    expect(outcome.value).toMatchObject({ workflowExecutionId: EXEC, status: 'PENDING', ready: false });
    expect((meta as { warnings: Array<{ summary: string }> }).warnings[0]?.summary).toBe(
      `AMC execution ${EXEC} is still PENDING after 0 s.`,
    );
  });

  it('the row cap stops the reading: a later file is not fetched, and a warning says so', async () => {
    const r = toolRig(amc('SUCCEEDED', 0));
    const out = await ok(r, 'run_amc_query', { ...RUN, maxRows: 2 });
    expect(out).toMatchObject({ returnedRows: 2, truncated: true, files: 2, columns: ['a', 'b'] });
    expect(r.sent.some((s) => s.url === FILE_2)).toBe(false);
    expect(out._meta).toEqual({
      warnings: [
        {
          kind: 'partial_results',
          summary: 'Returned the first 2 rows of the AMC result (row cap).',
          details: [{ path: 'maxRows', issue: 'row cap 2 reached', received_type: 'integer', limit: 2 }],
          hints: [
            'Aggregate or filter in the SQL (GROUP BY, WHERE, LIMIT) to receive every row, or download the files from downloadUrls.',
          ],
        },
      ],
    });
  });

  it('ADS_REPORT_MAX_ROWS caps the rows of a run without maxRows or with a larger one', async () => {
    for (const maxRows of [undefined, 50]) {
      const r = toolRig(amc('SUCCEEDED', 0), { ADS_REPORT_MAX_ROWS: '1' });
      const out = await ok(r, 'run_amc_query', { ...RUN, ...(maxRows ? { maxRows } : {}) });
      expect(out, String(maxRows)).toMatchObject({
        returnedRows: 1,
        truncated: true,
        rows: [{ a: '1', b: '2' }],
      });
    }
  });

  it('an execution that ends without success answers its status and no rows, without a warning', async () => {
    for (const final of ['FAILED', 'CANCELLED', 'REJECTED']) {
      const r = toolRig(amc(final));
      const out = await ok(r, 'run_amc_query', RUN);
      expect(out, final).toEqual({
        workflowExecutionId: EXEC,
        status: final,
        ready: false,
        workflowExecution: { workflowExecutionId: EXEC, status: final },
        extra: 'kept',
        columns: [],
        rows: [],
        returnedRows: 0,
        truncated: false,
      });
      expect(r.sent.some((s) => s.url.includes('downloadUrls'))).toBe(false);
    }
  });

  it('not done in time: ready:false, no rows, a warning naming get_amc_query_results with the id', async () => {
    const r = toolRig(amc('SUCCEEDED', 1000));
    const out = await ok(r, 'run_amc_query', { ...RUN, waitSeconds: 0 });
    expect(out).toEqual({
      workflowExecutionId: EXEC,
      status: 'PENDING',
      ready: false,
      workflowExecution: { workflowExecutionId: EXEC, status: 'PENDING' },
      columns: [],
      rows: [],
      returnedRows: 0,
      truncated: false,
      _meta: {
        warnings: [
          {
            kind: 'partial_results',
            summary: `AMC execution ${EXEC} is still PENDING after 0 s.`,
            details: [
              { path: 'waitSeconds', issue: 'execution not SUCCEEDED in time', received_type: 'integer' },
            ],
            hints: [
              `Call get_amc_query_results with workflowExecutionId='${EXEC}' later (its rows once SUCCEEDED).`,
            ],
          },
        ],
      },
    });
    expect(r.sent.map((s) => s.method)).toEqual(['POST']);
  });

  it('a result file that is not CSV with a header is UPSTREAM_INVALID_RESPONSE naming the file', async () => {
    const script = amc('SUCCEEDED', 0);
    const r = toolRig((req) =>
      req.url === FILE_1 ? { body: '', headers: { 'content-type': 'text/csv' } } : script(req),
    );
    const outcome = await r.call('run_amc_query', RUN);
    expect(outcome.ok).toBe(false);
    const envelope = (outcome as { envelope: Envelope }).envelope;
    expect(envelope.error_code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(envelope.details[0]?.issue).toMatch(/^file 1: /);
  });
});

describe('get_amc_query_results', () => {
  it('SUCCEEDED: the status, fresh URLs and the rows', async () => {
    const r = toolRig(amc('SUCCEEDED', 0));
    const out = await ok(r, 'get_amc_query_results', { ...SCOPE, workflowExecutionId: EXEC, maxRows: 10 });
    expect(out).toEqual({
      workflowExecutionId: EXEC,
      status: 'SUCCEEDED',
      ready: true,
      workflowExecution: { workflowExecutionId: EXEC, status: 'SUCCEEDED' },
      extra: 'kept',
      downloadUrls: [FILE_1, FILE_2],
      metadataDownloadUrls: ['https://amc-results.s3.amazonaws.com/m'],
      columns: ['a', 'b', 'c'],
      rows: [
        { a: '1', b: '2' },
        { a: '3', b: '4' },
        { a: '5', c: '6' },
      ],
      returnedRows: 3,
      truncated: false,
      files: 2,
    });
    expect(r.sent.map((s) => `${s.method} ${s.url}`).slice(0, 2)).toEqual([
      `GET ${BASE}/${EXEC}`,
      `GET ${BASE}/${EXEC}/downloadUrls`,
    ]);
  });

  it('not SUCCEEDED yet: its status, ready:false, no rows and no download', async () => {
    const r = toolRig(amc('SUCCEEDED', 1000));
    expect(await ok(r, 'get_amc_query_results', { ...SCOPE, workflowExecutionId: EXEC })).toEqual({
      workflowExecutionId: EXEC,
      status: 'RUNNING',
      ready: false,
      workflowExecution: { workflowExecutionId: EXEC, status: 'RUNNING' },
      extra: 'kept',
      columns: [],
      rows: [],
      returnedRows: 0,
      truncated: false,
    });
    expect(r.sent).toHaveLength(1);
  });

  it('an execution answer without a status reads as PENDING', async () => {
    const r = toolRig(() => json({ workflowExecution: { workflowExecutionId: EXEC } }));
    expect(await ok(r, 'get_amc_query_results', { ...SCOPE, workflowExecutionId: EXEC })).toMatchObject({
      status: 'PENDING',
      ready: false,
    });
  });
});
