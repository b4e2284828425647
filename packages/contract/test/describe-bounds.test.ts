// describeAjvErrors does a bounded amount of work on hostile input, counted rather than timed: of 100 000
// ajv errors it reads at most the first 2 000, and of the 100 000 offending items it describes at most 40.
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { describeAjvErrors } from '../src/entries/schema.js';
import { sharedAjv } from '../src/validation/ajv.js';

const ITEMS = 100_000;

/** A proxy over an array that records every index read (by get or own-property check). */
function countingArray<T>(items: T[]) {
  const read = new Set<number>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
  };
  const proxy = new Proxy(items, {
    get(target, key, receiver) {
      note(key);
      return Reflect.get(target, key, receiver);
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    has(target, key) {
      note(key);
      return Reflect.has(target, key);
    },
  });
  return { proxy, read };
}

describe('describeAjvErrors on a 100 000-item wrong-type array (was ~15 s of event loop, one detail per issue)', () => {
  const schema = {
    type: 'object',
    properties: { fulfilledBy: { type: 'array', items: { type: 'string', enum: ['AFN', 'MFN'] } } },
  };
  const fulfilledBy = new Array<number>(ITEMS).fill(0);
  const ajvErrors = (): ErrorObject[] => {
    const validate = sharedAjv().compile(schema);
    expect(validate({ fulfilledBy })).toBe(false);
    return [...(validate.errors ?? [])];
  };

  it('reads at most 2 000 ajv errors and at most 40 items of the input, yet counts every issue', () => {
    const errors = ajvErrors();
    // ajv reports every item (allErrors), so the bound is the describer's, not the input's
    expect(errors.length).toBeGreaterThanOrEqual(ITEMS);
    const errorReads = countingArray<ErrorObject>(errors);
    const itemReads = countingArray(fulfilledBy);
    const report = describeAjvErrors(errorReads.proxy, { fulfilledBy: itemReads.proxy }, schema);
    expect(report.code).toBe('SCHEMA_TYPE_MISMATCH');
    expect(Math.max(...errorReads.read)).toBeLessThan(2_000);
    expect(itemReads.read.size).toBeGreaterThan(0);
    expect(itemReads.read.size).toBeLessThanOrEqual(40);
    expect(report.details.length).toBeLessThanOrEqual(40);
    expect(report.summary).toMatch(/\(\+\d{5,} more issues\)/);
  });
});
