// LineSplitter: stdin framing (chunks, \r\n, multi-byte characters) and the per-line size cap.
import { describe, expect, it } from 'vitest';
import { type LinePiece, LineSplitter } from '../src/server/stdio-line-splitter.js';

function feed(max: number, chunks: (string | Buffer)[]): LinePiece[] {
  const splitter = new LineSplitter(max);
  return chunks.flatMap((c) => splitter.push(typeof c === 'string' ? Buffer.from(c) : c));
}

describe('LineSplitter', () => {
  it('reassembles a line split across chunks, also inside a multi-byte character, and drops the \\r', () => {
    const line = '{"q":"é😀"}';
    const bytes = Buffer.from(`${line}\r\n`);
    expect(feed(1024, [bytes.subarray(0, 6), bytes.subarray(6, 9), bytes.subarray(9)])).toEqual([
      { kind: 'line', text: line },
    ]);
  });

  it('splits several lines of one chunk in order, blank lines included, and holds back an unfinished one', () => {
    expect(feed(1024, ['a\n\nb\nc'])).toEqual([
      { kind: 'line', text: 'a' },
      { kind: 'line', text: '' },
      { kind: 'line', text: 'b' },
    ]);
  });

  it('reports a line over the cap once, as soon as it is too long, and discards it up to its newline', () => {
    const pieces = feed(8, ['0123', '456789', 'abcdef', 'ghi\nok\n']);
    expect(pieces).toEqual([
      { kind: 'oversized', bytes: 10 },
      { kind: 'line', text: 'ok' },
    ]);
  });

  it('reports a line that reaches the cap only at its newline, and goes on with the next', () => {
    expect(feed(4, ['abc', 'de\nxy\n'])).toEqual([
      { kind: 'oversized', bytes: 5 },
      { kind: 'line', text: 'xy' },
    ]);
  });

  it('a line of exactly the cap passes', () => {
    expect(feed(4, ['abcd\n'])).toEqual([{ kind: 'line', text: 'abcd' }]);
  });
});

describe('the cap on an unfinished line', () => {
  it('a held-back line of exactly the cap is still a line; one byte more is reported at once', () => {
    expect(feed(4, ['abcd', '\n'])).toEqual([{ kind: 'line', text: 'abcd' }]);
    expect(feed(4, ['abcde'])).toEqual([{ kind: 'oversized', bytes: 5 }]);
    expect(feed(4, ['ab', 'cd', '\nx\n'])).toEqual([
      { kind: 'line', text: 'abcd' },
      { kind: 'line', text: 'x' },
    ]);
  });
});
