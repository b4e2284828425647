// Preparing a tool: examples required and checked, `$schema`/`$id` left to the tool, the passthrough shape rule.
import { describe, expect, it } from 'vitest';
import { assertToolShape, compileTool, toolInfo } from '../src/server/compiled-tool.js';
import { hostWith, tool } from './helpers.js';

const STRICT = { normalizationEnabled: true, normalizationMeta: false, strictUnknown: true };
const LAX = { ...STRICT, strictUnknown: false };
const N = { type: 'object', properties: { n: { type: 'integer' } } } as const;

describe('compileTool', () => {
  it('a schema without examples, or with an empty list, is refused by name', () => {
    expect(() => compileTool(tool('no_examples', N), STRICT)).toThrow(
      'tool no_examples: inputSchema must carry examples',
    );
    expect(() => compileTool(tool('empty_examples', { ...N, examples: [] }), STRICT)).toThrow(
      'tool empty_examples: inputSchema must carry examples',
    );
  });

  it('every example must pass the schema, the second one too', () => {
    expect(() => compileTool(tool('second_bad', { ...N, examples: [{ n: 1 }, { n: 'x' }] }), STRICT)).toThrow(
      'tool second_bad: example {"n":"x"} fails its own schema',
    );
    // under the strict rule an example with an unknown key fails too
    expect(() => compileTool(tool('extra', { ...N, examples: [{ n: 1, m: 2 }] }), STRICT)).toThrow(
      /example \{"n":1,"m":2\} fails its own schema/,
    );
    // strict off, no passthrough target: the top level stays closed
    expect(() => compileTool(tool('lax_closed', { ...N, examples: [{ n: 1, m: 2 }] }), LAX)).toThrow(
      /lax_closed: example/,
    );
    const open = { ...tool('lax_open', { ...N, examples: [{ n: 1, m: 2 }] }), passthrough: 'query' as const };
    expect(compileTool(open, LAX).examples).toEqual([{ n: 1, m: 2 }]);
  });

  it('compiles schemas that name a dialect and share an $id (never registered in the shared validator)', async () => {
    const withIds = (name: string) =>
      tool(name, {
        ...N,
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://example.test/same-id',
        required: ['n'],
        examples: [{ n: 1 }],
      });
    const host = hostWith([withIds('first'), withIds('second')]);
    for (const name of ['first', 'second']) {
      expect(await host.call(name, { n: 2 })).toEqual({ ok: true, value: { args: { n: 2 } } });
      const refused = await host.call(name, {});
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.envelope.error_code).toBe('SCHEMA_REQUIRED');
    }
  });

  it('keeps the examples for envelopes and the published info it was given', () => {
    const definition = tool('t', { ...N, examples: [{ n: 1 }, { n: 2 }] });
    const info = toolInfo(definition, STRICT);
    const compiled = compileTool(definition, STRICT, info);
    expect(compiled.examples).toEqual([{ n: 1 }, { n: 2 }]);
    expect(compiled.info).toBe(info);
    expect(compiled.schema).toMatchObject({ additionalProperties: false });
    expect(compileTool(definition, STRICT).info).toEqual(info);
  });
});

describe('toolInfo', () => {
  it('a tool that declares no title, annotations, _meta or task support publishes none of those keys', () => {
    // What Code Mode reads from host.tools(): no key that is only `undefined`.
    expect(toolInfo(tool('bare', { ...N, examples: [{ n: 1 }] }), STRICT)).toStrictEqual({
      name: 'bare',
      description: expect.any(String),
      inputSchema: expect.any(Object),
      _meta: { 'io.obmcp/examples': [{ n: 1 }] },
    });
    const full = {
      ...tool('full', { ...N, examples: [{ n: 1 }] }),
      title: 'Full',
      annotations: { readOnlyHint: true },
      taskSupport: 'optional' as const,
    };
    expect(toolInfo(full, STRICT)).toMatchObject({
      title: 'Full',
      annotations: { readOnlyHint: true },
      execution: { taskSupport: 'optional' },
    });
  });

  it('the tool’s own _meta keys never replace the published examples', () => {
    const definition = {
      ...tool('t', { ...N, examples: [{ n: 1 }] }),
      _meta: { 'io.obmcp/examples': ['stale'], own: 1 },
    };
    expect(toolInfo(definition, STRICT)._meta).toEqual({ 'io.obmcp/examples': [{ n: 1 }], own: 1 });
  });
});

describe('assertToolShape', () => {
  it('a passthrough tool needs properties and an unset additionalProperties', () => {
    const message =
      'tool p: declares passthrough, so its top-level schema must have properties and leave additionalProperties unset';
    expect(() =>
      assertToolShape({
        ...tool('p', { ...N, additionalProperties: false, examples: [{}] }),
        passthrough: 'query',
      }),
    ).toThrow(message);
    expect(() =>
      assertToolShape({ ...tool('p', { type: 'object', examples: [{}] }), passthrough: 'body' }),
    ).toThrow(message);
    expect(() =>
      assertToolShape({ ...tool('p', { ...N, examples: [{}] }), passthrough: 'query' }),
    ).not.toThrow();
    // no passthrough: any shape
    expect(() =>
      assertToolShape(tool('p', { ...N, additionalProperties: false, examples: [{}] })),
    ).not.toThrow();
  });

  it('is checked when the server is built, not on the first call', () => {
    expect(() =>
      hostWith([
        { ...tool('p', { ...N, additionalProperties: false, examples: [{}] }), passthrough: 'query' },
      ]),
    ).toThrow(/tool p: declares passthrough/);
  });
});
