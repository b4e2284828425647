// parseCsvTable: RFC 4180 rows under a header, text values, a row cap that reads one record past it.
import { describe, expect, it } from 'vitest';
import { CsvTableError, parseCsvTable } from '../src/csv-table.js';

describe('parseCsvTable', () => {
  it('quoted fields (commas, doubled quotes, line breaks), CRLF and a BOM; values stay text', () => {
    const text = '\uFEFFid,name,spend\r\n1,"a, b",10.5\r\n2,"say ""hi""\nthere",007\r\n';
    expect(parseCsvTable(text)).toEqual({
      columns: ['id', 'name', 'spend'],
      rows: [
        { id: '1', name: 'a, b', spend: '10.5' },
        { id: '2', name: 'say "hi"\nthere', spend: '007' },
      ],
      truncated: false,
    });
  });

  it('a header only is no rows; blank lines are skipped', () => {
    expect(parseCsvTable('a,b\n\n')).toEqual({ columns: ['a', 'b'], rows: [], truncated: false });
  });

  it('maxRows: the first rows and truncated when more follow; exactly maxRows is not truncated', () => {
    const text = `n\n${Array.from({ length: 10 }, (_v, i) => String(i)).join('\n')}\n`;
    const capped = parseCsvTable(text, { maxRows: 3 });
    expect(capped.rows.map((r) => r.n)).toEqual(['0', '1', '2']);
    expect(capped.truncated).toBe(true);
    expect(parseCsvTable(text, { maxRows: 10 }).truncated).toBe(false);
  });

  it('no header, or a record with another number of fields, is a CsvTableError', () => {
    expect(() => parseCsvTable('')).toThrow(new CsvTableError('CSV without a header row'));
    expect(() => parseCsvTable('')).toThrow(expect.objectContaining({ name: 'CsvTableError' }));
    expect(() => parseCsvTable('a,b\n1,2,3\n')).toThrow(/could not be parsed/);
    expect(() => parseCsvTable('a\n"unclosed\n')).toThrow(CsvTableError);
  });

  it('a parse error quoting a long field shows at most 120 characters of the parser’s message', () => {
    let message = '';
    try {
      parseCsvTable(`a,b\nx${'y'.repeat(200)}"tail-of-the-field,1\n`);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(
      message.startsWith('CSV could not be parsed (Invalid Opening Quote: a quote is found on field 0'),
    ).toBe(true);
    expect(message).toHaveLength('CSV could not be parsed ()'.length + 120);
    expect(message).not.toContain('tail-of-the-field');
  });
});
