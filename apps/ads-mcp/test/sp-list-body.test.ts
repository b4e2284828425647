// The v3 list tools build their body by one rule (listBody): id and state filters become {include}, other
// fields go as they are, undefined is left out; list_campaigns and list_ad_groups shape nameFilter.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { describe, expect, it } from 'vitest';
import type { ToolDeps } from '../src/tools/deps.js';
import { type AdsSend, listBody } from '../src/tools/sp-list.js';
import { spReadTools } from '../src/tools/sp-read.tools.js';

/** The tools with a send that records each request's args and answers one page. */
function toolsRecording(sent: Record<string, unknown>[]): ToolDefinition[] {
  const send = (async (args: Record<string, unknown>) => {
    sent.push(args);
    return { body: { campaigns: [{ campaignId: '1' }], totalResults: 1 } };
  }) as unknown as AdsSend;
  const ctx = {
    session: { profileId: 7, region: 'na' },
    operations: {
      one: (_ref: unknown, define: (s: AdsSend, op: CatalogOperation) => ToolDefinition) =>
        define(send, {} as CatalogOperation),
    },
  } as unknown as ToolDeps;
  return spReadTools(ctx);
}

async function bodyOf(tool: string, args: Record<string, unknown>): Promise<unknown> {
  const sent: Record<string, unknown>[] = [];
  const found = toolsRecording(sent).find((t) => t.name === tool);
  await found?.handler(args as never, {} as CallContext);
  return sent[0]?.body;
}

describe('v3 list bodies', () => {
  it('listBody: id and state filters as {include}, the rest as it is, undefined left out', () => {
    expect(
      listBody({
        campaignIdFilter: ['1'],
        adGroupIdFilter: undefined,
        stateFilter: ['ENABLED'],
        matchTypeFilter: ['EXACT'],
        maxResults: 10,
      }),
    ).toEqual({
      campaignIdFilter: { include: ['1'] },
      stateFilter: { include: ['ENABLED'] },
      matchTypeFilter: ['EXACT'],
      maxResults: 10,
    });
  });

  it('list_campaigns: nameFilter with its match type; nameMatchType itself is not sent', async () => {
    expect(
      await bodyOf('list_campaigns', {
        portfolioIdFilter: ['5'],
        nameFilter: ['shoes'],
        nameMatchType: 'EXACT_MATCH',
        nextToken: 't',
      }),
    ).toEqual({
      portfolioIdFilter: { include: ['5'] },
      nameFilter: { queryTermMatchType: 'EXACT_MATCH', include: ['shoes'] },
      nextToken: 't',
    });
  });

  it('list_ad_groups: nameFilter matches broadly; keywords send matchTypeFilter as a list', async () => {
    expect(await bodyOf('list_ad_groups', { nameFilter: ['a'] })).toEqual({
      nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: ['a'] },
    });
    expect(await bodyOf('list_keywords', { keywordIdFilter: ['9'], matchTypeFilter: ['BROAD'] })).toEqual({
      keywordIdFilter: { include: ['9'] },
      matchTypeFilter: ['BROAD'],
    });
  });

  it('the page: items under the key, count, totalResults, nextToken null at the end', async () => {
    const tool = toolsRecording([]).find((t) => t.name === 'list_campaigns');
    expect(await tool?.handler({} as never, {} as CallContext)).toEqual({
      profileId: 7,
      region: 'na',
      campaigns: [{ campaignId: '1' }],
      count: 1,
      totalResults: 1,
      nextToken: null,
    });
  });
});
