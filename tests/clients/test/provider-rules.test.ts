// The rule check itself: each schema defect the client tests must catch is caught, and a portable schema passes.
import { describe, expect, it } from 'vitest';
import {
  geminiParametersViolations,
  openAiStrictViolations,
  portableViolations,
  providerViolations,
} from '../src/provider-rules.js';

const PORTABLE = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 1, description: 'Subscription id.' },
    state: { type: 'string', enum: ['ENABLED', 'PAUSED'] },
    since: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
  },
  required: ['id'],
  additionalProperties: false,
};

const rules = (schema: unknown) => portableViolations('t', schema).map((v) => v.rule);

describe('portable rules (every provider path)', () => {
  it('accept a plain object schema', () => {
    expect(portableViolations('t', PORTABLE)).toEqual([]);
    const { additionalProperties: _, ...open } = PORTABLE;
    expect(geminiParametersViolations('t', open)).toEqual([]);
  });

  it('reject a top-level union, a non-object root, a boolean schema and a type array', () => {
    expect(
      rules({ type: 'object', properties: {}, oneOf: [{ required: ['a'] }, { required: ['b'] }] }),
    ).toContain('top-level oneOf');
    expect(rules({ anyOf: [{}, {}] })).toEqual(
      expect.arrayContaining(["root must be a schema object with type 'object'", 'top-level anyOf']),
    );
    expect(rules(true)).toContain('boolean schema true');
    expect(
      rules({
        type: 'object',
        properties: { a: { type: 'object', dependentSchemas: { x: { properties: { y: false } } } } },
      }),
    ).toEqual(expect.arrayContaining(['dependentSchemas', 'boolean schema false']));
    expect(rules({ type: 'object', properties: { a: { type: ['string', 'null'] } } })).toEqual([
      'type array',
    ]);
  });

  it('reject keywords a provider path refuses: examples, $ref/$defs, if/then/else, dependentRequired', () => {
    expect(rules({ ...PORTABLE, examples: [{ id: 1 }] })).toEqual(['examples']);
    expect(
      rules({ ...PORTABLE, $defs: { x: { type: 'string' } }, properties: { a: { $ref: '#/$defs/x' } } }),
    ).toEqual(expect.arrayContaining(['$defs', '$ref']));
    // A schema with `if/then` written as JSON text (an object literal with a `then` key reads as a thenable).
    const conditional = JSON.parse('{"if":{},"then":{},"dependentRequired":{"a":["b"]}}') as object;
    expect(rules({ ...PORTABLE, ...conditional })).toEqual(
      expect.arrayContaining(['top-level if', 'then', 'dependentRequired']),
    );
  });

  it('Gemini parameters: only the OpenAPI subset, string formats enum/date-time', () => {
    const found = geminiParametersViolations('t', {
      type: 'object',
      properties: { to: { type: 'string', format: 'email' }, ids: { type: 'array', uniqueItems: true } },
      additionalProperties: false,
    }).map((v) => v.rule);
    expect(found).toEqual(
      expect.arrayContaining([
        'Gemini: unknown field additionalProperties',
        'Gemini: format email',
        'Gemini: unknown field uniqueItems',
      ]),
    );
  });

  it('Gemini parameters: one type name per schema, no boolean schemas', () => {
    const found = geminiParametersViolations('t', {
      type: 'object',
      properties: { v: { type: ['string', 'number'] }, never: false },
    }).map((v) => v.rule);
    expect(found).toEqual(['Gemini: type must be one name', 'Gemini: boolean schema false']);
  });

  it('OpenAI and Anthropic: only the root is restricted (a nested type array is accepted)', () => {
    const nested = { type: 'object', properties: { v: { type: ['string', 'number'] } } };
    expect(
      providerViolations('openai-chat', { tools: [{ function: { name: 'a', parameters: nested } }] }),
    ).toEqual([]);
    expect(
      providerViolations('anthropic', { tools: [{ name: 'a', input_schema: { enum: ['x'] } }] }),
    ).toEqual([{ tool: 'a', path: '', rule: "root must be a schema object with type 'object'" }]);
  });

  it('read the tools out of each provider request shape', () => {
    const bad = { anyOf: [{}, {}] };
    expect(providerViolations('openai-responses', { tools: [{ name: 'a', parameters: bad }] })).not.toEqual(
      [],
    );
    expect(
      providerViolations('openai-chat', { tools: [{ function: { name: 'a', parameters: bad } }] }),
    ).not.toEqual([]);
    expect(providerViolations('anthropic', { tools: [{ name: 'a', input_schema: bad }] })).not.toEqual([]);
    expect(
      providerViolations('google', {
        tools: [{ functionDeclarations: [{ name: 'a', parametersJsonSchema: bad }] }],
      }),
    ).not.toEqual([]);
    expect(providerViolations('google', { tools: [{ functionDeclarations: [{ name: 'a' }] }] })).toEqual([]);
  });
});

describe('OpenAI strict mode', () => {
  it('needs every property required and every object closed', () => {
    const found = openAiStrictViolations('t', PORTABLE).map((v) => v.rule);
    expect(found).toEqual(['optional property', 'optional property', 'optional property']);
    const strict = { ...PORTABLE, required: ['id', 'state', 'since', 'tags'] };
    expect(openAiStrictViolations('t', strict)).toEqual([]);
    const { additionalProperties: _, ...open } = strict;
    expect(openAiStrictViolations('t', open).map((v) => v.rule)).toEqual([
      'object without additionalProperties: false',
    ]);
  });
});
