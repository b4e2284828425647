// search_tools and get_tool_schema as an agent sees them: ranking, ties, limits, first lines, the exact answers
// and the refusal of an unknown name.
import { DomainValidationError, EXAMPLES_META_KEY, READ_LOCAL, type ToolInfo } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { codeModeTools } from '../src/code-mode-tools.js';
import { firstLine, rankTools, scoreTool } from '../src/search/rank-tools.js';
import { callableTools } from '../src/tools/callable-tools.js';
import { FakeHost, rejection, runner } from './fake-host.js';

const info = (name: string, description = 'Nothing here.', title?: string): ToolInfo => ({
  name,
  description,
  inputSchema: { type: 'object' },
  ...(title === undefined ? {} : { title }),
});

/** A host whose tools are exactly `tools`. */
function hostWith(tools: ToolInfo[]) {
  const host = new FakeHost();
  host.tools = () => tools;
  return host;
}

type Found = { tools: Array<{ name: string; title?: string; description: string }>; total: number };

async function search(tools: ToolInfo[], args: { query: string; limit?: number }): Promise<Found> {
  return (await runner(codeModeTools(), hostWith(tools))('search_tools', args)) as Found;
}

describe('scoreTool', () => {
  it('punctuation around the query adds no word: tools it does not name score nothing', () => {
    // A description ending in "." must not match an empty word of a query ending in "?" or starting with "-".
    expect(scoreTool('order?', info('list_items', 'List items.'))).toBe(0);
    expect(scoreTool('-- order --', info('list_items', 'List items.', 'Items!'))).toBe(0);
    expect(scoreTool('order?', info('get_order', 'Get one.'))).toBe(10);
  });

  it('a tool without a title is matched by no title word, nor by a query without words', () => {
    expect(scoreTool('was here', info('x', 'y'))).toBe(0);
    expect(scoreTool('???', info('x', 'y'))).toBe(0);
  });

  it('a three-letter query word inside a name counts half a name word; a plural of a word starting "ss" folds', () => {
    // The name contains the query (40) and, a word of 3 letters, inside the name (5).
    expect(scoreTool('ord', info('get_order'))).toBe(45);
    expect(scoreTool('ssds', info('ssd', 'Nothing.'))).toBe(30 + 10);
  });

  it('an empty or blank query matches every tool', () => {
    expect(scoreTool('', info('a'))).toBe(1);
    expect(scoreTool('   ', info('a'))).toBe(1);
  });

  it('weights: the exact name, a name containing the query, name words, title words, description words', () => {
    // Exact name (100) plus its word in the name (10).
    expect(scoreTool('order', info('order'))).toBe(110);
    expect(scoreTool(' ORDER ', info('order'))).toBe(110);
    // The name contains the query (40) and holds its word (10).
    expect(scoreTool('order', info('get_order'))).toBe(50);
    // A word inside a longer name word (10 / 2).
    expect(scoreTool('port', info('get_reports'))).toBe(45);
    expect(scoreTool('xyz report', info('get_reports'))).toBe(10);
    // Title words (6) and description words (3).
    expect(scoreTool('refund', info('zzz', 'Nothing.', 'Refund'))).toBe(6);
    expect(scoreTool('refund', info('zzz', 'Issue a refund.'))).toBe(3);
    // A description word that only starts with the query word (4+ letters): 1.
    expect(scoreTool('refu', info('zzz', 'Issue a refund.'))).toBe(1);
    expect(scoreTool('ref', info('zzz', 'Issue a refund.'))).toBe(0);
    // Two-letter words count only as whole words.
    expect(scoreTool('is', info('zzz', 'This listing.'))).toBe(0);
    expect(scoreTool('or', info('get_order'))).toBe(40);
  });

  it('plural words fold to singular (orders → order), but not short words or words ending in ss', () => {
    expect(scoreTool('orders', info('get_order'))).toBe(10);
    expect(scoreTool('order', info('list_orders'))).toBe(50);
    expect(scoreTool('address', info('zzz', 'The address.'))).toBe(3);
    expect(scoreTool('adress', info('zzz', 'The address.'))).toBe(0);
    expect(scoreTool('bus', info('zzz', 'The bus.'))).toBe(3);
    expect(scoreTool('bus', info('zzz', 'The bu.'))).toBe(0);
    expect(scoreTool('ads', info('zzz', 'The ad.'))).toBe(0);
  });

  it('a misspelt name of 3+ letters within 30 % of its length scores 30 (at least one edit)', () => {
    expect(scoreTool('ordr', info('order'))).toBe(30);
    expect(scoreTool('ordrs', info('order'))).toBe(0);
    expect(scoreTool('abd', info('abc'))).toBe(30);
    // 8 letters: two edits pass, three do not; 10 letters: three pass, four do not.
    expect(scoreTool('abcdefgh', info('abcdxxgh'))).toBe(30);
    expect(scoreTool('abcdefgh', info('abcxxxgh'))).toBe(0);
    expect(scoreTool('abcdefghij', info('abcxxxghij'))).toBe(30);
    expect(scoreTool('abcdefghij', info('abcxxxxhij'))).toBe(0);
    expect(scoreTool('ab', info('ac'))).toBe(0);
  });
});

describe('rankTools', () => {
  const tools = [
    info('list_orders', 'List orders.\nSecond line.', 'List orders'),
    info('get_order', 'Get one order.'),
    info('cancel_order', 'Cancel an order.'),
    info('ping', 'Nothing about it.'),
  ];

  it('best score first, ties by name; only matching tools; at most limit', () => {
    expect(rankTools('order', tools, 10).map((t) => t.name)).toEqual([
      'list_orders',
      'cancel_order',
      'get_order',
    ]);
    expect(rankTools('order', tools, 2).map((t) => t.name)).toEqual(['list_orders', 'cancel_order']);
    expect(rankTools('order', tools, 1).map((t) => t.name)).toEqual(['list_orders']);
  });

  it('each found tool: name, its title when it has one, the first line of its description', () => {
    expect(rankTools('order', tools, 10)).toEqual([
      { name: 'list_orders', title: 'List orders', description: 'List orders.' },
      { name: 'cancel_order', description: 'Cancel an order.' },
      { name: 'get_order', description: 'Get one order.' },
    ]);
    expect(rankTools('order', [info('x_order', 'D.', '')], 1)).toEqual([
      { name: 'x_order', description: 'D.' },
    ]);
  });

  it('an empty query lists every tool by name', () => {
    expect(rankTools('', tools, 10).map((t) => t.name)).toEqual([
      'cancel_order',
      'get_order',
      'list_orders',
      'ping',
    ]);
  });
});

describe('firstLine', () => {
  it('the first line, bounded at 200 characters unless told', () => {
    expect(firstLine('One.\nTwo.')).toBe('One.');
    expect(firstLine('')).toBe('');
    expect(firstLine('x'.repeat(200))).toBe('x'.repeat(200));
    expect(firstLine('x'.repeat(201))).toBe(`${'x'.repeat(199)}…`);
    expect(firstLine('abcdef', 4)).toBe('abc…');
  });
});

describe('callableTools', () => {
  it('every host tool but execute, search_tools and get_tool_schema', () => {
    const host = hostWith(
      ['execute', 'search_tools', 'get_tool_schema', 'Execute', 'a', 'search'].map((n) => info(n)),
    );
    expect(callableTools(host).map((t) => t.name)).toEqual(['Execute', 'a', 'search']);
  });
});

describe('search_tools answers', () => {
  const many = Array.from({ length: 12 }, (_, i) => info(`tool_${String(i).padStart(2, '0')}`, `Tool ${i}.`));

  it('at most 10 tools unless told; total counts every callable tool', async () => {
    const found = await search(many, { query: '' });
    expect(found.tools.map((t) => t.name)).toEqual(many.slice(0, 10).map((t) => t.name));
    expect(found.total).toBe(12);
    expect((await search(many, { query: '', limit: 11 })).tools).toHaveLength(11);
    expect((await search(many, { query: '', limit: 50 })).tools).toHaveLength(12);
    expect((await search(many, { query: 'tool_03' })).tools[0]).toEqual({
      name: 'tool_03',
      description: 'Tool 3.',
    });
  });

  it('never lists the code-mode tools, nor counts them', async () => {
    const found = await search([...many.slice(0, 2), info('execute', 'Tool run.')], { query: 'tool' });
    expect(found).toEqual({
      tools: [
        { name: 'tool_00', description: 'Tool 0.' },
        { name: 'tool_01', description: 'Tool 1.' },
      ],
      total: 2,
    });
  });

  it('is listed as a local read with its published schema', () => {
    const tool = codeModeTools().find((t) => t.name === 'search_tools');
    expect(tool?.title).toBe('Search tools');
    expect(tool?.annotations).toEqual({ ...READ_LOCAL, title: 'Search tools' });
    expect(tool?.description).toBe(
      'Find tools callable from execute (call_tool) by keyword: { tools: [{ name, title?, description }], total }, best match first.',
    );
    expect(tool?.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        query: {
          type: 'string',
          maxLength: 200,
          description: 'Keywords matched against tool names and descriptions; empty lists all.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 50,
          description: 'Maximum tools to return (default 10).',
        },
      },
      required: ['query'],
      additionalProperties: false,
      examples: [{ query: 'orders' }],
    });
  });
});

describe('get_tool_schema answers', () => {
  const schema = { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] };
  const tools: ToolInfo[] = [
    { name: 'get_order', title: 'Get order', description: 'Get one order.\nMore.', inputSchema: schema },
    {
      name: 'list_refunds',
      description: 'List refunds.',
      inputSchema: schema,
      _meta: { [EXAMPLES_META_KEY]: [{ order_id: '114-1' }, { order_id: '114-2' }] },
    },
    {
      name: 'odd_meta',
      description: 'Odd.',
      inputSchema: schema,
      _meta: { [EXAMPLES_META_KEY]: 'not a list' },
    },
    { name: 'get_orders', description: 'Many.', inputSchema: schema },
    { name: 'get_ordes', description: 'Typo.', inputSchema: schema },
    { name: 'get_orderx', description: 'Other.', inputSchema: schema },
    { name: 'execute', description: 'Code mode.', inputSchema: schema },
  ];
  const run = runner(codeModeTools(), hostWith(tools));
  const lookup = (name: string) => run('get_tool_schema', { name });

  it('name, full description and input schema; the examples only when the tool publishes a list', async () => {
    expect(await lookup('get_order')).toEqual({
      name: 'get_order',
      description: 'Get one order.\nMore.',
      inputSchema: schema,
    });
    expect(await lookup('list_refunds')).toEqual({
      name: 'list_refunds',
      description: 'List refunds.',
      inputSchema: schema,
      examples: [{ order_id: '114-1' }, { order_id: '114-2' }],
    });
    expect(await lookup('odd_meta')).toEqual({ name: 'odd_meta', description: 'Odd.', inputSchema: schema });
  });

  it('an unknown name: the input error, up to three close names, and where to look', async () => {
    const error = (await rejection(lookup('get_ordex'))) as DomainValidationError;
    expect(error).toBeInstanceOf(DomainValidationError);
    expect(error.code).toBe('INPUT_VALIDATION_FAILED');
    expect(error.summary).toBe('No callable tool is named get_ordex.');
    expect(error.details).toHaveLength(1);
    const detail = error.details[0] as unknown as Record<string, unknown>;
    expect(detail).toMatchObject({ path: 'name', issue: 'unknown tool: get_ordex', received_type: 'string' });
    expect(detail['did_you_mean']).toHaveLength(3);
    expect(error.hints).toEqual([
      `Did you mean ${(detail['did_you_mean'] as string[]).join(' or ')}? Got get_ordex.`,
      'Tool names are case-sensitive; use search_tools to find the available names.',
    ]);
  });

  it('nothing close: no suggestion, only where to look; a long name is shown bounded', async () => {
    const error = (await rejection(lookup('zzzzzzzzzzzzzzzz'))) as DomainValidationError;
    expect(error.details).toEqual([
      { path: 'name', issue: 'unknown tool: zzzzzzzzzzzzzzzz', received_type: 'string', did_you_mean: [] },
    ]);
    expect(error.hints).toEqual([
      'Tool names are case-sensitive; use search_tools to find the available names.',
    ]);
    const long = (await rejection(lookup('q'.repeat(150)))) as DomainValidationError;
    expect(long.summary).toBe(`No callable tool is named ${'q'.repeat(99)}….`);
  });

  it('a code-mode tool is not described, even when the host lists it', async () => {
    const error = (await rejection(lookup('execute'))) as DomainValidationError;
    expect(error.summary).toBe('No callable tool is named execute.');
  });

  it('is listed as a local read with its published schema', () => {
    const tool = codeModeTools().find((t) => t.name === 'get_tool_schema');
    expect(tool?.title).toBe('Get a tool schema');
    expect(tool?.annotations).toEqual({ ...READ_LOCAL, title: 'Get a tool schema' });
    expect(tool?.description).toBe(
      'The description, input JSON Schema and example arguments of a tool callable from execute: { name, description, inputSchema, examples }.',
    );
    expect(tool?.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        name: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'Exact tool name (see search_tools).',
        },
      },
      required: ['name'],
      additionalProperties: false,
      examples: [{ name: 'get_envelope_contract' }],
    });
  });
});
