// The sentences the published view adds for rules the portable subset cannot carry (an agent reads these).
import { describe, expect, it } from 'vitest';
import {
  defaultNotes,
  describeAlternatives,
  describeConditional,
  describeDependentRequired,
  describeDependentSchema,
  describeNot,
  formatNote,
  isRequiredOnly,
  json,
  requiredChoice,
} from '../src/schema/portable-notes.js';

const GENERIC = 'Further rules apply (checked by the server).';

describe('defaultNotes', () => {
  it('states a default unless the description already names that value as the default', () => {
    expect(defaultNotes({})).toEqual([]);
    expect(defaultNotes({ default: 'CSV' })).toEqual(['Default: "CSV".']);
    expect(defaultNotes({ default: 20 })).toEqual(['Default: 20.']);
    expect(defaultNotes({ default: null })).toEqual(['Default: null.']);
    expect(defaultNotes({ default: 'CSV', description: 'Output. Default is CSV.' })).toEqual([]);
    expect(defaultNotes({ default: 'CSV', description: 'Default: "CSV".' })).toEqual([]);
    expect(defaultNotes({ default: 20, description: 'Page size. Default 20.' })).toEqual([]);
    expect(defaultNotes({ default: 20, description: 'Default value is 20' })).toEqual([]);
    expect(defaultNotes({ default: 'a.b', description: 'default: a.b' })).toEqual([]);
  });

  it('a description that names another value, a longer word, or no default keeps the note', () => {
    expect(defaultNotes({ default: 20, description: 'Default 200.' })).toEqual(['Default: 20.']);
    expect(defaultNotes({ default: 'CSV', description: 'Default CSV-GZIP.' })).toEqual(['Default: "CSV".']);
    expect(defaultNotes({ default: 'CSV', description: 'Output is CSV.' })).toEqual(['Default: "CSV".']);
    expect(defaultNotes({ default: 'a.b', description: 'Default axb.' })).toEqual(['Default: "a.b".']);
    expect(defaultNotes({ default: 'CSV', description: 'nodefault CSV' })).toEqual(['Default: "CSV".']);
    expect(defaultNotes({ default: 'CSV', description: 7 })).toEqual(['Default: "CSV".']);
    // Only a description that is text names the default (a list that reads like one does not).
    expect(defaultNotes({ default: 'CSV', description: ['Default: CSV'] })).toEqual(['Default: "CSV".']);
    expect(defaultNotes({ default: [1], description: 'Default [1].' })).toEqual([]);
    // Values with regex characters are matched as text.
    for (const value of ['x(1)', 'a+b', '$5^', 'a|b', '{x}', 'a*', 'q?', 'p\\q', '[1]'])
      expect(defaultNotes({ default: value, description: `Default: ${value}` }), value).toEqual([]);
    expect(defaultNotes({ default: 'a+b', description: 'Default: aab' })).toEqual(['Default: "a+b".']);
    expect(defaultNotes({ default: 'CSV', description: "DEFAULT 'CSV'" })).toEqual([]);
    expect(defaultNotes({ default: 'CSV', description: 'Default `CSV`' })).toEqual([]);
    expect(defaultNotes({ default: 'CSV', description: 'DefaultCSV' })).toEqual(['Default: "CSV".']);
    expect(defaultNotes({ default: 'CSV', description: 'Default is  CSV' })).toEqual([]);
    expect(defaultNotes({ default: 'CSV', description: 'Default CSVs' })).toEqual(['Default: "CSV".']);
  });
});

describe('formats, json, lists', () => {
  it('names a known format in words and any other by its name', () => {
    expect(formatNote('date')).toBe('Format: date, YYYY-MM-DD.');
    expect(formatNote('uuid')).toBe('Format: UUID.');
    expect(formatNote('x-custom')).toBe('Format: x-custom.');
  });

  it('json shows a value as JSON, and what JSON cannot show as text', () => {
    expect(json({ a: 1 })).toBe('{"a":1}');
    expect(json(undefined)).toBe('undefined');
  });
});

describe('isRequiredOnly', () => {
  it('a branch of required fields, with a description, a title or type object riding along', () => {
    expect(isRequiredOnly({ required: ['a'] })).toBe(true);
    expect(isRequiredOnly({ required: ['a'], description: 'd', title: 't', type: 'object' })).toBe(true);
    expect(isRequiredOnly({ required: ['a'], type: 'string' })).toBe(false);
    expect(isRequiredOnly({ required: ['a'], properties: {} })).toBe(false);
    expect(isRequiredOnly({ required: 'a' })).toBe(false);
    expect(isRequiredOnly(['required'])).toBe(false);
  });
});

describe('requiredChoice and describeAlternatives', () => {
  const branches = [{ required: ['sqlQuery'] }, { required: ['workflowId'] }];

  it('says what was sent: none, both, or the names', () => {
    expect(requiredChoice(branches, {}, true)).toEqual({
      alternatives: [['sqlQuery'], ['workflowId']],
      present: [],
      rule: 'Send exactly one of sqlQuery or workflowId; got none of them.',
    });
    expect(requiredChoice(branches, { sqlQuery: 1, workflowId: 2 }, true)?.rule).toBe(
      'Send exactly one of sqlQuery or workflowId; got both.',
    );
    expect(requiredChoice(branches, 'text', false)?.rule).toBe(
      'Send at least one of sqlQuery or workflowId; got none of them.',
    );
    const three = [{ required: ['a'] }, { required: ['b'] }, { required: ['c', 'd'] }];
    expect(requiredChoice(three, { a: 1, b: 2, c: 3 }, true)).toEqual({
      alternatives: [['a'], ['b'], ['c', 'd']],
      present: ['a', 'b', 'c'],
      rule: 'Send exactly one of a, b or c and d; got a, b and c.',
    });
    expect(requiredChoice(three, { a: 1, b: 2, c: 3, d: 4 }, true)?.rule).toMatch(/got a, b, c and d\.$/);
    expect(requiredChoice(branches, { workflowId: 1 }, true)?.rule).toMatch(/got workflowId\.$/);
  });

  it('is no choice for an empty list, a non-list, or a branch that constrains more', () => {
    expect(requiredChoice([], {}, true)).toBeUndefined();
    expect(requiredChoice({ required: ['a'] }, {}, true)).toBeUndefined();
    expect(requiredChoice([{ required: ['a'] }, { type: 'string' }], {}, true)).toBeUndefined();
  });

  it('one name is the name alone', () => {
    expect(describeAlternatives([['a']], true)).toBe('Send exactly one of a.');
    expect(describeAlternatives([], false)).toBe('Send at least one of .');
  });
});

describe('dependencies, not, conditionals', () => {
  it('dependentRequired: one sentence per key that needs others', () => {
    expect(describeDependentRequired({ a: ['b'], c: ['d', 'e'], f: [], g: 'h' })).toEqual([
      'When a is given, b is required too.',
      'When c is given, d and e are required too.',
    ]);
  });

  it('dependentSchemas: its description, what it forbids and requires, or the generic sentence', () => {
    expect(describeDependentSchema('a', false)).toBe('Do not send a.');
    expect(describeDependentSchema('a', true)).toBe(GENERIC);
    expect(describeDependentSchema('a', { description: 'Own words.' })).toBe('Own words.');
    expect(
      describeDependentSchema('a', { properties: { b: false, c: false, d: {} }, required: ['e', 'f'] }),
    ).toBe('a and b or c exclude each other. When a is given, e and f must be given too.');
    expect(describeDependentSchema('a', { properties: { d: {} }, required: [] })).toBe(GENERIC);
    expect(describeDependentSchema('a', { required: 'e' })).toBe(GENERIC);
  });

  it('not: "do not send" for required-only forms, else its description or the generic sentence', () => {
    expect(describeNot({ required: ['a', 'b'] })).toBe('Do not send a and b together.');
    expect(describeNot({ required: ['a'] })).toBe('Do not send a.');
    expect(describeNot({ required: ['a'], type: 'object' })).toBe(GENERIC);
    expect(describeNot({ description: 'No.' })).toBe('No.');
    expect(describeNot(false)).toBe(GENERIC);
    expect(describeNot(null)).toBe(GENERIC);
    expect(describeNot({ required: 'a' })).toBe(GENERIC);
  });

  it('if/then/else: the descriptions, the required-only sentence, or the generic one', () => {
    expect(describeConditional({ description: 'If x.' }, { description: 'Then y.' }, 5)).toBe(
      'If x. Then y.',
    );
    expect(describeConditional({ required: ['a'] }, { required: ['b', 'c'] }, undefined)).toBe(
      'When a is given, b and c must be given too.',
    );
    expect(describeConditional({ required: ['a', 'b'] }, { required: ['c'] }, undefined)).toBe(
      'When a and b are given, c must be given too.',
    );
    expect(describeConditional({ required: ['a'] }, { required: ['b'] }, { required: ['c'] })).toBe(GENERIC);
    expect(describeConditional({ required: [] }, { required: ['b'] }, undefined)).toBe(GENERIC);
    expect(describeConditional({ required: ['a'] }, { required: [] }, undefined)).toBe(GENERIC);
    expect(describeConditional({ required: 'a' }, { required: 'b' }, undefined)).toBe(GENERIC);
    expect(describeConditional({}, { required: ['b'] }, undefined)).toBe(GENERIC);
    expect(describeConditional({ required: ['a'] }, {}, undefined)).toBe(GENERIC);
    expect(describeConditional(true, { description: 7 }, undefined)).toBe(GENERIC);
  });
});
