// An AMC execution's result files → rows: each pre-signed CSV downloaded from storage and parsed, capped.
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';
import { type CsvRow, CsvTableError, parseCsvTable } from '@obmcp/http-kit';
import type { ToolDeps } from './deps.js';

/** getWorkflowExecutionDownloadUrls as get_amc_execution_download_urls answers it. */
export interface AmcFiles {
  downloadUrls: unknown[];
  metadataDownloadUrls: unknown[];
}

/** The URL lists of a get_amc_execution_download_urls answer (arrays, whatever came). */
export function filesOf(answer: Record<string, unknown>): AmcFiles {
  return {
    downloadUrls: Array.isArray(answer.downloadUrls) ? answer.downloadUrls : [],
    metadataDownloadUrls: Array.isArray(answer.metadataDownloadUrls) ? answer.metadataDownloadUrls : [],
  };
}

export interface AmcRows {
  /** The header of the first file, then any column a later file adds. */
  columns: string[];
  /** Rows as the CSV wrote them (values are text: CSV has no types). */
  rows: CsvRow[];
  returnedRows: number;
  /** The row cap stopped the download: more rows exist (the URLs are in the result). */
  truncated: boolean;
  /** Result files (an execution may split its result into up to five). */
  files: number;
}

function notCsv(issue: string): UpstreamTransportError {
  return new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: 'The AMC result file is not CSV with a header row; no rows are returned.',
    details: [{ path: '', issue, received_type: 'upstream_response' }],
    hints: ['The download URLs are in get_amc_execution_download_urls if the file is wanted as it is.'],
  });
}

/** The row cap: the call's maxRows within ADS_REPORT_MAX_ROWS (the same cap as report rows). */
export function amcRowCap(ctx: ToolDeps, maxRows: number | undefined): number {
  return Math.min(maxRows ?? ctx.config.reportMaxRows, ctx.config.reportMaxRows);
}

/**
 * Downloads the result files in order until `cap` rows are read (later files are not fetched once it is
 * reached) and says so with a `partial_results` warning. Every file is CSV with its own header row.
 */
export async function downloadAmcRows(
  ctx: ToolDeps,
  files: AmcFiles,
  cap: number,
  call: CallContext,
): Promise<AmcRows> {
  const urls = files.downloadUrls.filter((u): u is string => typeof u === 'string');
  const columns: string[] = [];
  const rows: CsvRow[] = [];
  let truncated = false;
  for (const [index, url] of urls.entries()) {
    if (rows.length >= cap) {
      truncated = true;
      break;
    }
    const bytes = await ctx.client.download(url, call, 'amc_result');
    let table: ReturnType<typeof parseCsvTable>;
    try {
      table = parseCsvTable(new TextDecoder().decode(bytes), { maxRows: cap - rows.length });
    } catch (error) {
      if (error instanceof CsvTableError) throw notCsv(`file ${index + 1}: ${error.message}`);
      throw error;
    }
    for (const c of table.columns) if (!columns.includes(c)) columns.push(c);
    rows.push(...table.rows);
    if (table.truncated) {
      truncated = true;
      break;
    }
  }
  if (truncated) {
    call.meta.addWarning({
      kind: 'partial_results',
      summary: `Returned the first ${rows.length} rows of the AMC result (row cap).`,
      details: [{ path: 'maxRows', issue: `row cap ${cap} reached`, received_type: 'integer', limit: cap }],
      hints: [
        'Aggregate or filter in the SQL (GROUP BY, WHERE, LIMIT) to receive every row, or download the files from downloadUrls.',
      ],
    });
  }
  return { columns, rows, returnedRows: rows.length, truncated, files: urls.length };
}

/** No rows yet (not SUCCEEDED): the same fields, empty. */
export const NO_ROWS: Omit<AmcRows, 'files'> = {
  columns: [],
  rows: [],
  returnedRows: 0,
  truncated: false,
};
