// Unit (src): the rows query_warehouse answers: JSON rows or CSV text wherever the Query API puts them, and an
// answer in any other shape refused with what came (never an empty success).
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { readQueryRows } from '../../src/tools/query-rows.js';

const answer = (body: string, contentType: string | null = 'application/json') => ({
  bytes: new TextEncoder().encode(body),
  contentType,
});
const json = (value: unknown) => answer(JSON.stringify(value));

function unreadable(run: () => unknown) {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UpstreamTransportError);
    const { code, summary, details } = e as UpstreamTransportError;
    expect(code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(summary).toBe(
      'The Openbridge Query API answered in a shape this server cannot read as rows; no rows are returned.',
    );
    expect(details).toHaveLength(1);
    expect(details[0]).toMatchObject({ path: '', received_type: 'upstream_response' });
    return details[0]?.issue;
  }
  throw new Error('expected a refusal');
}

describe('readQueryRows', () => {
  it('JSON rows in data: columns from the first row', () => {
    expect(
      readQueryRows(
        json({
          data: [
            { a: 1, b: 'x' },
            { a: 2, b: 'y' },
          ],
        }),
      ),
    ).toEqual({
      columns: ['a', 'b'],
      rows: [
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ],
      format: 'json_rows',
    });
    expect(readQueryRows(json({ data: [] }))).toEqual({ columns: [], rows: [], format: 'json_rows' });
  });

  it('CSV text in data, or in a Query resource attribute, in the order rows, results, result, data, csv', () => {
    expect(readQueryRows(json({ data: 'a,b\n1,2\n' }))).toEqual({
      columns: ['a', 'b'],
      rows: [{ a: '1', b: '2' }],
      format: 'csv',
    });
    expect(readQueryRows(json({ data: { attributes: { status: 'done', csv: 'c\n3\n' } } }))).toEqual({
      columns: ['c'],
      rows: [{ c: '3' }],
      format: 'csv',
    });
    expect(
      readQueryRows(
        json({ data: { attributes: { csv: 'c\n3\n', result: [{ r: 1 }], results: [{ s: 1 }] } } }),
      ).rows,
    ).toEqual([{ s: 1 }]);
    expect(
      readQueryRows(json({ data: { attributes: { data: [{ d: 1 }], rows: [{ x: 1 }] } } })).rows,
    ).toEqual([{ x: 1 }]);
  });

  it('a CSV answer by content type: text/csv, application/csv or text/plain', () => {
    for (const type of ['text/csv; charset=utf-8', 'application/csv', 'TEXT/PLAIN'])
      expect(readQueryRows(answer('a\n1\n', type))).toEqual({
        columns: ['a'],
        rows: [{ a: '1' }],
        format: 'csv',
      });
  });

  it('an answer that is neither JSON nor CSV is refused, naming its type', () => {
    expect(unreadable(() => readQueryRows(answer('<html/>', 'text/html; charset=utf-8')))).toBe(
      'answer of type text/html, neither JSON nor CSV',
    );
    expect(unreadable(() => readQueryRows(answer('a\n1\n', null)))).toBe(
      'answer of type unknown, neither JSON nor CSV',
    );
    expect(unreadable(() => readQueryRows(answer('a\n1\n', 'text/csvx')))).toBe(
      'answer of type text/csvx, neither JSON nor CSV',
    );
  });

  it('an empty answer is refused, not read as no rows', () => {
    expect(unreadable(() => readQueryRows(answer('', 'text/csv')))).toBe('empty answer (no rows, no header)');
  });

  it('JSON that does not parse, or is not an object with data, is refused', () => {
    expect(unreadable(() => readQueryRows(answer('{"data": [', 'application/json')))).toBe(
      'JSON answer that does not parse',
    );
    expect(unreadable(() => readQueryRows(json([{ a: 1 }])))).toBe(
      'the answer is not a JSON object with `data`',
    );
    expect(unreadable(() => readQueryRows(json({ rows: [] })))).toBe(
      '`data` is missing, not rows or CSV text',
    );
    expect(unreadable(() => readQueryRows(json({ data: 5 })))).toBe('`data` is number, not rows or CSV text');
    expect(unreadable(() => readQueryRows(json({ data: { id: 1 } })))).toBe(
      '`data` is object, not rows or CSV text',
    );
  });

  it('rows that are not objects are refused, naming where they were', () => {
    expect(unreadable(() => readQueryRows(json({ data: [{ a: 1 }, [1]] })))).toBe(
      '`data` is an array whose items are not row objects',
    );
    expect(unreadable(() => readQueryRows(json({ data: { attributes: { rows: [1, 2] } } })))).toBe(
      'data.attributes.rows is an array whose items are not row objects',
    );
    expect(unreadable(() => readQueryRows(json({ data: [null] })))).toBe(
      '`data` is an array whose items are not row objects',
    );
  });

  it('a Query resource without rows says what it carried, and whether it points elsewhere', () => {
    expect(
      unreadable(() => readQueryRows(json({ data: { attributes: { status: 'done', count: 3 } } }))),
    ).toBe('the Query resource carries no rows (attributes: status, count)');
    expect(
      unreadable(() =>
        readQueryRows(json({ data: { attributes: { status: 'done', location: 'https://files/x.csv' } } })),
      ),
    ).toBe(
      'the answer points to a result elsewhere (attributes: status, location); this server asks for direct results and does not follow it',
    );
    expect(unreadable(() => readQueryRows(json({ data: { attributes: { note: 'see ftp://x' } } })))).toBe(
      'the Query resource carries no rows (attributes: note)',
    );
    expect(
      unreadable(() => readQueryRows(json({ data: { attributes: { note: 'see https://docs' } } }))),
    ).toBe('the Query resource carries no rows (attributes: note)');
    expect(
      unreadable(() => readQueryRows(json({ data: { attributes: { location: 'http://files/x.csv' } } }))),
    ).toBe(
      'the answer points to a result elsewhere (attributes: location); this server asks for direct results and does not follow it',
    );
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expect(unreadable(() => readQueryRows(json({ data: { attributes: eleven } })))).toBe(
      'the Query resource carries no rows (attributes: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9)',
    );
  });

  it('CSV that does not parse is refused as a CSV result', () => {
    expect(unreadable(() => readQueryRows(answer('a,b\n1\n', 'text/csv')))).toMatch(
      /^CSV result could not be parsed/,
    );
    expect(unreadable(() => readQueryRows(json({ data: '' })))).toBe('CSV result without a header row');
  });
});
