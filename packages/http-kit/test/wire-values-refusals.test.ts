// Each wire-value refusal as the agent reads it: code, summary, the detail's path/issue/type, the hint; and the edges of each rule.
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import {
  checkBuiltPath,
  checkHeaderValue,
  encodeSegment,
  fillPath,
  pathValueText,
} from '../src/wire-values.js';

function refusal(run: () => unknown): DomainValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainValidationError);
    return error as DomainValidationError;
  }
  throw new Error('expected a refusal');
}
const CONTROL_HINT = 'Remove line breaks and control characters from the value.';

describe('wire-value refusals', () => {
  it('an empty segment: code, summary with the pointer, detail and hint', () => {
    const e = refusal(() => pathValueText({ value: '', pointer: 'body/id' }, 'id'));
    expect(e.code).toBe('INPUT_VALIDATION_FAILED');
    expect(e.summary).toBe(
      'Argument body/id cannot be sent: is empty, so the request path would lose a segment.',
    );
    expect(e.details).toEqual([
      {
        path: 'body/id',
        issue: 'is empty, so the request path would lose a segment',
        received_type: 'string',
      },
    ]);
    expect(e.hints).toEqual(['Pass the real identifier: a path value must name one resource.']);
  });

  it('a dot segment names itself; the pointer defaults to the placeholder name', () => {
    const e = refusal(() => pathValueText({ value: '..' }, 'sku'));
    expect(e.details).toEqual([
      { path: 'sku', issue: 'is "..", which URL resolution removes from the path', received_type: 'string' },
    ]);
  });

  it('a control character in a segment (DEL included, space not)', () => {
    const e = refusal(() => pathValueText({ value: 'a\u007fb' }, 'sku'));
    expect(e.summary).toBe('Argument sku cannot be sent: contains a control character (CR, LF, …).');
    expect(e.details).toEqual([
      { path: 'sku', issue: 'contains a control character (CR, LF, …)', received_type: 'string' },
    ]);
    expect(e.hints).toEqual([CONTROL_HINT]);
    expect(pathValueText({ value: 'a b~' }, 'sku')).toBe('a%20b~');
  });

  it('a control character in a header value', () => {
    const e = refusal(() => checkHeaderValue('v\r\nx: y', 'headers/x-id'));
    expect(e.details).toEqual([
      {
        path: 'headers/x-id',
        issue: 'contains a control character (CR, LF, …), which a header value cannot carry',
        received_type: 'string',
      },
    ]);
    expect(e.hints).toEqual([CONTROL_HINT]);
    expect(checkHeaderValue('a b~', 'x')).toBe('a b~');
  });

  it('a hand-built path: the root pointer reads (root)', () => {
    const e = refusal(() => checkBuiltPath('/orders/../admin'));
    expect(e.summary).toBe(
      'Argument (root) cannot be sent: a path argument would change the request path (/orders/../admin).',
    );
    expect(e.details).toEqual([
      {
        path: '',
        issue: 'a path argument would change the request path (/orders/../admin)',
        received_type: 'string',
      },
    ]);
    expect(e.hints).toEqual(['Pass real identifiers: a path value must not be empty, "." or "..".']);
  });
});

describe('wire-value rules', () => {
  it("encodes !'()* with upper-case hex", () => {
    expect(encodeSegment("a!'()*")).toBe('a%21%27%28%29%2A');
  });

  it('a dot segment is a whole segment only: a name holding dots passes', () => {
    expect(() => checkBuiltPath('/files/a..b/x.')).not.toThrow();
    expect(() => checkBuiltPath('/files/..%2E')).not.toThrow();
    expect(() => refusal(() => checkBuiltPath('/a/%2e%2E'))).not.toThrow();
  });

  it('absolute http(s) URLs are left alone (any case); a path that only holds one is checked', () => {
    expect(() => checkBuiltPath('http://docs.test/a/../b')).not.toThrow();
    expect(() => checkBuiltPath('HTTPS://docs.test/a//b')).not.toThrow();
    refusal(() => checkBuiltPath('/proxy/http://x/../y'));
  });

  it('only the path is judged: a query or fragment may hold anything, a dot segment before it is refused', () => {
    expect(() => checkBuiltPath('/a?next=/../b//c')).not.toThrow();
    expect(() => checkBuiltPath('/a#/../b')).not.toThrow();
    expect(() => checkBuiltPath('/a?x=1\n/../b')).not.toThrow();
    expect(refusal(() => checkBuiltPath('/a/../b?x=1')).details[0]?.issue).toBe(
      'a path argument would change the request path (/a/../b)',
    );
  });

  it('a missing placeholder value is a programming error naming it', () => {
    expect(() => fillPath('/orders/{orderId}', {})).toThrow(
      'path parameter orderId missing for /orders/{orderId}',
    );
  });
});

describe('percent-encoded dot segments are refused like "." and ".."', () => {
  const encoded = [
    '%2e%2e',
    '%2E%2E',
    '%2e%2E',
    '.%2e',
    '%2e.',
    '%2e',
    '%252e%252e',
    '%25252E%25252e',
    '%252E.',
  ];
  it.each(encoded)('%s as a path value, plain or greedy', (value) => {
    const plain = refusal(() => pathValueText({ value, pointer: 'reportId' }, 'reportId'));
    expect(plain.code).toBe('INPUT_VALIDATION_FAILED');
    expect(plain.details[0]).toMatchObject({ path: 'reportId' });
    expect(plain.summary).toContain('percent-encoded');
    refusal(() => pathValueText({ value: `a/${value}/b`, pointer: 'resource', greedy: true }, 'resource'));
    refusal(() => checkBuiltPath(`/feeds/${value}/x`));
  });

  it('values that only contain an encoded dot are still identifiers', () => {
    for (const value of ['%2e%2e%2e', 'a%2e%2e', '%2ex', '%zz..', '%', '...'])
      expect(pathValueText({ value, pointer: 'id' }, 'id')).toBe(encodeSegment(value));
  });
});
