// The Query API's answer → rows: JSON rows, or CSV text (what `response_format: "csv"` asks for) wherever it comes; anything else fails loudly.
import { UpstreamTransportError } from '@obmcp/contract';
import { CsvTableError, decodeText, isJsonContentType, parseCsvTable } from '@obmcp/http-kit';
import type { RawAnswer } from '../http/client.js';

export type Row = Record<string, unknown>;

export interface QueryRows {
  columns: string[];
  rows: Row[];
  /** How the answer carried the rows: `json_rows` or `csv`. */
  format: 'json_rows' | 'csv';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function unreadable(issue: string): UpstreamTransportError {
  return new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary:
      'The Openbridge Query API answered in a shape this server cannot read as rows; no rows are returned.',
    details: [{ path: '', issue, received_type: 'upstream_response' }],
  });
}

/** CSV text with a header row (http-kit's parseCsvTable); values stay strings, as CSV has no types. */
function csvRows(text: string): QueryRows {
  try {
    const { columns, rows } = parseCsvTable(text);
    return { columns, rows, format: 'csv' };
  } catch (error) {
    if (error instanceof CsvTableError) {
      throw unreadable(error.message.replace(/^CSV/, 'CSV result'));
    }
    throw error;
  }
}

/** Where a JSON answer may carry its rows: `data` itself, or a Query resource's attributes. */
const ROW_FIELDS = ['rows', 'results', 'result', 'data', 'csv'] as const;

function fromJsonValue(value: unknown, where: string): QueryRows | undefined {
  if (typeof value === 'string') return csvRows(value);
  if (Array.isArray(value)) {
    if (value.every(isObj)) {
      const first = value[0];
      return { columns: first === undefined ? [] : Object.keys(first), rows: value, format: 'json_rows' };
    }
    throw unreadable(`${where} is an array whose items are not row objects`);
  }
  return undefined;
}

function fromJson(body: unknown): QueryRows {
  if (!isObj(body)) throw unreadable('the answer is not a JSON object with `data`');
  const rows = fromJsonValue(body.data, '`data`');
  if (rows !== undefined) return rows;
  const attributes = isObj(body.data) && isObj(body.data.attributes) ? body.data.attributes : undefined;
  if (attributes !== undefined) {
    for (const field of ROW_FIELDS) {
      const found = fromJsonValue(attributes[field], `data.attributes.${field}`);
      if (found !== undefined) return found;
    }
    const keys = Object.keys(attributes).slice(0, 10).join(', ');
    const url = Object.values(attributes).some((v) => typeof v === 'string' && /^https?:\/\//.test(v));
    throw unreadable(
      url
        ? `the answer points to a result elsewhere (attributes: ${keys}); this server asks for direct results and does not follow it`
        : `the Query resource carries no rows (attributes: ${keys})`,
    );
  }
  throw unreadable(
    `\`data\` is ${body.data === undefined ? 'missing' : typeof body.data}, not rows or CSV text`,
  );
}

/** Rows of a 2xx Query API answer, or UPSTREAM_INVALID_RESPONSE naming what came instead (never an empty success). */
export function readQueryRows(answer: RawAnswer): QueryRows {
  if (answer.bytes.length === 0) throw unreadable('empty answer (no rows, no header)');
  const type = (answer.contentType ?? '').toLowerCase();
  const text = decodeText(answer.bytes, answer.contentType).text;
  if (isJsonContentType(answer.contentType)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw unreadable('JSON answer that does not parse');
    }
    return fromJson(body);
  }
  if (/^(text\/csv|application\/csv|text\/plain)\b/.test(type)) return csvRows(text);
  throw unreadable(`answer of type ${type.split(';')[0] || 'unknown'}, neither JSON nor CSV`);
}
