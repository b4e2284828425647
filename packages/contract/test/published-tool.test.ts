// The published view of a tool and the release check over a tool list: what a generator or a snapshot test is told.
import { describe, expect, it } from 'vitest';
import { EXAMPLES_META_KEY } from '../src/schema/examples-meta-key.js';
import {
  PortableSchemaError,
  assertPortableTools,
  derivePublishedView,
} from '../src/schema/published-tool.js';
import type { JsonSchema, ToolDefinition } from '../src/tool/types.js';

const tool = (name: string, inputSchema: unknown) =>
  ({ name, description: `Does ${name}.`, inputSchema }) as unknown as ToolDefinition;
const choice = {
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'string' } },
  oneOf: [{ required: ['a'] }, { required: ['b'] }],
} as JsonSchema;

describe('derivePublishedView', () => {
  it('a description ending in spaces gets its note after one space; no examples publish an empty list', () => {
    const view = derivePublishedView({ name: 't', description: '  Does t.  ' }, choice);
    expect(view.description).toBe('  Does t. Send exactly one of a or b.');
    expect(view._meta[EXAMPLES_META_KEY]).toEqual([]);
  });

  it('a description that already says the note is left as it is', () => {
    const text = 'Send exactly one of a or b. Does t.';
    expect(derivePublishedView({ name: 't', description: text }, choice).description).toBe(text);
  });
});

describe('PortableSchemaError', () => {
  it('names each broken rule on its own line, the root as "(root)"', () => {
    const error = new PortableSchemaError([
      {
        tool: 'rows',
        violations: [
          { pointer: '', rule: 'root-object', message: 'must be an object' },
          { pointer: '/properties/a', rule: 'typed-node', message: 'needs a type' },
        ],
      },
    ]);
    expect(error.name).toBe('PortableSchemaError');
    expect(error.message.split('\n')).toEqual([
      'published inputSchema breaks the portable-schema rules (docs/CONTRACT.md):',
      '  tool rows: inputSchema (root) [root-object] must be an object',
      '  tool rows: inputSchema/properties/a [typed-node] needs a type',
    ]);
  });
});

describe('assertPortableTools', () => {
  it('returns every view when all tools are portable', () => {
    const views = assertPortableTools([tool('one', choice), tool('two', { type: 'object' })]);
    expect([...views.keys()]).toEqual(['one', 'two']);
  });

  it('names every failing tool in one error', () => {
    const list = { type: 'array', items: { type: 'string' } };
    const run = () => assertPortableTools([tool('rows', list), tool('fine', choice), tool('more', list)]);
    expect(run).toThrow(PortableSchemaError);
    expect(run).toThrow(/tool rows: .*\n.*tool more: /s);
  });

  it('lets an error that is no portability failure through unchanged', () => {
    const broken = {
      name: 'broken',
      description: 'x',
      get inputSchema(): JsonSchema {
        throw new TypeError('boom');
      },
    } as unknown as ToolDefinition;
    expect(() => assertPortableTools([broken])).toThrow(new TypeError('boom'));
  });
});
