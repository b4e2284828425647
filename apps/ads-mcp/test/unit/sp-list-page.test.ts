// Unit (src): the page a v3 list tool hands back: the items under the tool's key, the upstream nextToken (page 2
// reachable), totalResults, and the session's profile and region; an odd answer is an empty page, not an error.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { describe, expect, it } from 'vitest';
import type { ToolDeps } from '../../src/tools/deps.js';
import { type AdsSend, spListTool } from '../../src/tools/sp-list.js';

/** A list tool over `answer`; records each request's args. */
function listTool(answer: unknown, profileId?: number) {
  const sent: Array<Record<string, unknown>> = [];
  const send = (async (args: Record<string, unknown>) => {
    sent.push(args);
    return { body: answer };
  }) as unknown as AdsSend;
  const ctx = {
    session: { profileId, region: 'eu' },
    operations: {
      one: (_ref: unknown, define: (s: AdsSend, op: CatalogOperation) => ToolDefinition) =>
        define(send, { route: 'POST /sp/campaigns/list' } as unknown as CatalogOperation),
    },
  } as unknown as ToolDeps;
  const tool = spListTool<{ campaignIdFilter?: string[]; nextToken?: string }>(
    ctx,
    ['SponsoredProducts', 'ListSponsoredProductsCampaigns'],
    {
      name: 'list_things',
      title: 'List things',
      description: (op) => `Lists via ${(op as unknown as { route: string }).route}.`,
      inputSchema: { type: 'object' },
      key: 'campaigns',
      shape: (args) => ({ extra: args.nextToken === undefined ? undefined : 'paged' }),
    },
  );
  return { tool, sent };
}
const call = {} as CallContext;

describe('spListTool', () => {
  it('hands back the page with the upstream nextToken, so page 2 is reachable', async () => {
    const { tool, sent } = listTool(
      { campaigns: [{ campaignId: '1' }, { campaignId: '2' }], totalResults: 5, nextToken: 'p2' },
      7,
    );
    expect(tool.name).toBe('list_things');
    expect(tool.description).toBe('Lists via POST /sp/campaigns/list.');
    expect(await tool.handler({ campaignIdFilter: ['1'], nextToken: 'p1' } as never, call)).toEqual({
      profileId: 7,
      region: 'eu',
      campaigns: [{ campaignId: '1' }, { campaignId: '2' }],
      count: 2,
      totalResults: 5,
      nextToken: 'p2',
    });
    expect(sent).toEqual([
      { body: { campaignIdFilter: { include: ['1'] }, nextToken: 'p1', extra: 'paged' } },
    ]);
  });

  it('an answer without a list, counts or token is an empty last page; no profile is null', async () => {
    const { tool } = listTool({ campaigns: 'x', totalResults: '5', nextToken: 7 }, undefined);
    expect(await tool.handler({} as never, call)).toEqual({
      profileId: null,
      region: 'eu',
      campaigns: [],
      count: 0,
      totalResults: null,
      nextToken: null,
    });
    expect(await listTool(undefined).tool.handler({} as never, call)).toMatchObject({
      campaigns: [],
      count: 0,
    });
  });

  it('a description given as text is used as it is', () => {
    const ctx = {
      session: { profileId: 1, region: 'na' },
      operations: {
        one: (_ref: unknown, define: (s: AdsSend, op: CatalogOperation) => ToolDefinition) =>
          define((async () => ({})) as never, {} as CatalogOperation),
      },
    } as unknown as ToolDeps;
    const tool = spListTool(ctx, ['A', 'b'], {
      name: 'x',
      title: 'X',
      description: 'Plain.',
      inputSchema: { type: 'object' },
      key: 'k',
    });
    expect(tool.description).toBe('Plain.');
  });
});
