// tools/list on a server with views: a bound tool keeps its own `_meta` beside the view link; clients without the extension see none.
import { exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import type { ToolDefinition } from '@obmcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_EXTENSION_ID, VIEW_MIME_TYPE } from '../src/views/ui-extension.js';
import { VIEW_URI, VIEWS } from './fixture-views.js';
import { connectInMemory, type InMemorySession } from './in-memory-client.js';

const sessions: InMemorySession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close();
});

const [listOrders, ...rest] = exampleTools as [ToolDefinition, ...ToolDefinition[]];
/** list_orders (bound to the view) with an operation `_meta` of its own. */
const bound: ToolDefinition = {
  ...listOrders,
  _meta: {
    'io.obmcp/operation': { api: 'ordersV0', operationId: 'getOrders', method: 'GET', path: '/orders' },
  },
};
const UI_CLIENT = { extensions: { [UI_EXTENSION_ID]: { mimeTypes: [VIEW_MIME_TYPE] } } };

async function listOrdersEntry(capabilities?: object) {
  const session = await connectInMemory({ tools: [bound, ...rest], views: VIEWS }, undefined, capabilities);
  sessions.push(session);
  const { tools } = await session.client.listTools();
  return tools.find((t) => t.name === 'list_orders');
}

describe('view links in tools/list', () => {
  it('a client that renders views: the link beside the tool’s own _meta and its examples', async () => {
    expect((await listOrdersEntry(UI_CLIENT))?._meta).toEqual({
      'io.obmcp/operation': { api: 'ordersV0', operationId: 'getOrders', method: 'GET', path: '/orders' },
      'io.obmcp/examples': [{ marketplaceIds: ['ATVPDKIKX0DER'] }],
      ui: { resourceUri: VIEW_URI },
      'ui/resourceUri': VIEW_URI,
    });
  });

  it('a client without the extension: the tool’s own _meta only', async () => {
    expect((await listOrdersEntry({}))?._meta).toEqual({
      'io.obmcp/operation': { api: 'ordersV0', operationId: 'getOrders', method: 'GET', path: '/orders' },
      'io.obmcp/examples': [{ marketplaceIds: ['ATVPDKIKX0DER'] }],
    });
  });
});
