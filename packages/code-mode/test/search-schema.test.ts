// search_tools ranking and get_tool_schema lookups over the host catalogue.
import { DomainValidationError, EXAMPLES_META_KEY } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import { FakeHost, rejection, runner } from './fake-host.js';

const host = new FakeHost();
host.extra = [
  { name: 'execute', description: 'code mode', inputSchema: { type: 'object' } },
  { name: 'search_tools', description: 'code mode search', inputSchema: { type: 'object' } },
  { name: 'get_tool_schema', description: 'code mode schema', inputSchema: { type: 'object' } },
];
const run = runner(codeModeTools(), host);
type Found = { tools: Array<{ name: string; title?: string; description: string }>; total: number };
const search = async (query: string, limit?: number) =>
  (await run('search_tools', limit === undefined ? { query } : { query, limit })) as Found;

describe('search_tools', () => {
  it('ranks an exact name first, then name matches, then description matches', async () => {
    const found = await search('orders');
    expect(found.tools.map((t) => t.name)).toEqual(['list_orders', 'get_order']);
    expect((await search('get_order')).tools[0]?.name).toBe('get_order');
  });

  it('matches words in descriptions and returns only the first line', async () => {
    const found = await search('arguments back');
    expect(found.tools[0]).toEqual({ name: 'echo', title: 'Echo', description: 'Echo the arguments back.' });
  });

  it('tolerates a misspelt name', async () => {
    expect((await search('get_ordr')).tools[0]?.name).toBe('get_order');
  });

  it('lists every callable tool for an empty query, without the code-mode tools, honouring limit', async () => {
    const all = await search('');
    expect(all.total).toBe(6);
    expect(all.tools.map((t) => t.name)).toEqual([
      'big',
      'echo',
      'explode',
      'get_order',
      'list_orders',
      'slow',
    ]);
    expect((await search('', 2)).tools).toHaveLength(2);
    expect((await search('code mode')).tools).toEqual([]);
  });
});

describe('get_tool_schema', () => {
  it('returns name, description and inputSchema', async () => {
    const out = (await run('get_tool_schema', { name: 'get_order' })) as Record<string, unknown>;
    expect(out).toMatchObject({
      name: 'get_order',
      description: 'Get one order by its order_id.',
      inputSchema: { required: ['order_id'] },
    });
  });

  it('hands back the example arguments the tool publishes (its description promises examples)', async () => {
    const withExamples = new FakeHost();
    withExamples.extra = [
      {
        name: 'list_refunds',
        description: 'List the refunds of one order.',
        inputSchema: { type: 'object', properties: { order_id: { type: 'string' } } },
        _meta: { [EXAMPLES_META_KEY]: [{ order_id: '114-1' }] },
      },
    ];
    const out = (await runner(codeModeTools(), withExamples)('get_tool_schema', {
      name: 'list_refunds',
    })) as Record<string, unknown>;
    expect(out.examples).toEqual([{ order_id: '114-1' }]);
  });

  it('rejects an unknown name with close suggestions', async () => {
    const error = await rejection(run('get_tool_schema', { name: 'get_ordr' }));
    expect(error).toBeInstanceOf(DomainValidationError);
    const e = error as DomainValidationError;
    expect(e.code).toBe('INPUT_VALIDATION_FAILED');
    expect(e.details[0]).toMatchObject({
      path: 'name',
      received_type: 'string',
      did_you_mean: ['get_order'],
    });
    expect(e.hints[0]).toBe('Did you mean get_order? Got get_ordr.');
  });

  it('does not describe the code-mode tools themselves', async () => {
    expect(await rejection(run('get_tool_schema', { name: 'execute' }))).toBeInstanceOf(
      DomainValidationError,
    );
  });
});
