// The rows of a downloaded Ads file (report, export, snapshot: gzip JSON arrays) and the row cap they all share.
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';

/** What a file download answers, capped at the row limit. */
export interface FileRows {
  totalRows: number;
  returnedRows: number;
  truncated: boolean;
  rows: unknown[];
}

function notAnArray(what: string): UpstreamTransportError {
  return new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: `The ${what} file is not a JSON array (GZIP_JSON).`,
    details: [
      {
        path: '',
        issue: `${what} document did not decode to a JSON array`,
        received_type: 'upstream_response',
      },
    ],
  });
}

/** An already decoded file value (the client parses JSON files) as rows. */
export function rowsOfFile(file: unknown, what: string): unknown[] {
  if (Array.isArray(file)) return file;
  throw notAnArray(what);
}

/** A gunzipped file's bytes as rows. */
export function parseRows(bytes: Uint8Array, what: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw notAnArray(what);
  }
  return rowsOfFile(parsed, what);
}

export interface RowCap {
  /** The caller's maxRows, if any. */
  maxRows: number | undefined;
  /** The server's ceiling (ADS_REPORT_MAX_ROWS). */
  limit: number;
  /** 'report', 'export', 'snapshot': named in the warning. */
  what: string;
  /** How to receive every row (the warning's hint). */
  narrow: string;
}

/** The first min(maxRows, limit) rows; a partial_results warning when rows were left out. */
export function capRows(rows: unknown[], cap: RowCap, call: CallContext): FileRows {
  const n = Math.min(cap.maxRows ?? cap.limit, cap.limit);
  const truncated = rows.length > n;
  if (truncated) {
    call.meta.addWarning({
      kind: 'partial_results',
      summary: `Returned ${n} of ${rows.length} ${cap.what} rows (row cap).`,
      details: [
        {
          path: 'maxRows',
          issue: `row cap ${n} reached`,
          received_type: 'integer',
          limit: n,
          actual: rows.length,
        },
      ],
      hints: [cap.narrow],
    });
  }
  return {
    totalRows: rows.length,
    returnedRows: Math.min(n, rows.length),
    truncated,
    rows: rows.slice(0, n),
  };
}
