// SP_API_SANDBOX=true: what a tool's input schema accepts besides its production values (the static sandbox's
// canned TEST_CASE_* values), and what it keeps verbatim: examples and enum values are data, not schemas.
import { describe, expect, it } from 'vitest';
import { acceptCannedValues, CANNED_VALUE } from '../../src/tools/sandbox-schema.js';

/** A value shaped like a string schema (a date-time, a patterned string): acceptCannedValues must not rewrite it. */
const schemaShaped = [
  { type: 'string', format: 'date-time' },
  { type: 'string', pattern: '^a$' },
];

describe('acceptCannedValues', () => {
  it('examples are published as written, even one shaped like a string schema', () => {
    const schema = { type: 'object', properties: { filter: { type: 'object' } }, examples: schemaShaped };
    expect(acceptCannedValues(schema)).toEqual(schema);
  });

  it('enum values are kept as written, even one shaped like a string schema', () => {
    const schema = { type: 'object', enum: schemaShaped };
    expect(acceptCannedValues(schema)).toEqual(schema);
  });

  it('an enum of strings gains no canned value: a closed list stays closed', () => {
    const schema = { type: 'string', enum: ['DONE', 'FATAL'] };
    expect(acceptCannedValues(schema)).toEqual(schema);
  });

  it('a schema nested under any other keyword (a list of anyOf branches) gains the canned form', () => {
    const out = acceptCannedValues({ anyOf: [{ type: 'string', pattern: '^\\d+$' }, { type: 'null' }] });
    expect(out).toEqual({
      anyOf: [{ type: 'string', pattern: `${CANNED_VALUE}|(?:^\\d+$)` }, { type: 'null' }],
    });
  });

  it('null, strings and numbers inside a schema are kept (a default, a const)', () => {
    const schema = { type: 'string', pattern: '^x$', default: null, const: 'x', maxLength: 3 };
    expect(acceptCannedValues(schema)).toEqual({ ...schema, pattern: `${CANNED_VALUE}|(?:^x$)` });
  });
});
