// AMC result files as the download URLs point at them: pre-signed S3 objects, CSV with a header row per file
// (AMCWorkflow.json: "multiple URLs will be returned" when a result is split; URLs expire in 10 minutes).
import { HttpResponse, http, type RequestHandler } from 'msw';
import { REPORT_FILE_HOST } from './hosts.js';
import { noSuchKey, s3Refusal } from './s3.js';
import { executions, type MockExecution } from './state.js';

type Value = string | number;

/** Rows a result file holds: a LIMIT 0 query none, `LARGE` 2500 (two files), a saved workflow its reach. */
function resultOf(e: MockExecution): { columns: string[]; rows: Value[][] } {
  if (e.sql === undefined) {
    return {
      columns: ['campaign_id', 'reach'],
      rows: [1, 2, 3].map((i) => [`58400000000${i}`, 1200 * i + 37]),
    };
  }
  const columns = ['campaign_id', 'campaign', 'impressions', 'clicks', 'purchases', 'total_cost'];
  if (/\bLIMIT\s+0\b/i.test(e.sql)) return { columns, rows: [] };
  const count = e.sql.includes('LARGE') ? 2500 : 6;
  const names = [
    'Spring launch, US',
    'Brand "Hero" video',
    'Retargeting',
    'Prospecting',
    'Holiday',
    'Always on',
  ];
  const rows = Array.from({ length: count }, (_v, i): Value[] => [
    `58400000${String(1000 + i)}`,
    names[i % names.length] ?? 'Mock',
    12_000 + ((i * 7919) % 40_000),
    80 + ((i * 131) % 900),
    (i * 17) % 60,
    ((i * 3137) % 250_000) / 100,
  ]);
  return { columns, rows };
}

/** How many files the result is split into (the API: up to five). */
export function amcResultFiles(e: MockExecution): number {
  return resultOf(e).rows.length > 1000 ? 2 : 1;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: Value): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvFile(e: MockExecution, part: number): string {
  const { columns, rows } = resultOf(e);
  const files = amcResultFiles(e);
  const size = Math.ceil(rows.length / files);
  const mine = rows.slice(part * size, (part + 1) * size);
  return [columns, ...mine].map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** The URLs getWorkflowExecutionDownloadUrls answers for a SUCCEEDED execution. */
export function amcResultUrls(e: MockExecution): { downloadUrls: string[]; metadataDownloadUrls: string[] } {
  const base = `${REPORT_FILE_HOST}/amc/${e.workflowExecutionId}`;
  const signed = 'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=600&X-Amz-Signature=mock';
  return {
    downloadUrls: Array.from({ length: amcResultFiles(e) }, (_v, i) => `${base}/part-${i}.csv?${signed}`),
    metadataDownloadUrls: [`${base}/metadata.json?${signed}`],
  };
}

/** S3 answers a pre-signed GET: no signature → 403; a second auth mechanism (an Authorization header) → 400. */
export const amcResultHandler: RequestHandler = http.get(
  `${REPORT_FILE_HOST}/amc/:id/:file`,
  ({ request, params }) => {
    const refused = s3Refusal(request);
    if (refused) return refused;
    const e = executions.get(String(params.id));
    const file = String(params.file);
    const part = /^part-(\d)\.csv$/.exec(file);
    if (e && file === 'metadata.json')
      return HttpResponse.json({ workflowExecutionId: e.workflowExecutionId, columns: resultOf(e).columns });
    if (!e || !part || Number(part[1]) >= amcResultFiles(e)) return noSuchKey();
    return new HttpResponse(csvFile(e, Number(part[1])), {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
  },
);
