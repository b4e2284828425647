// submit_feed drives the feed tools' own handlers (one request builder each): a server wired without one of them
// fails when it is built, naming the missing tool, not halfway through a seller's feed.
import { describe, expect, it } from 'vitest';
import type { ToolDeps } from '../../src/tools/deps.js';
import { submitFeedTool } from '../../src/tools/submit-feed.tool.js';

/** The binder hands the factory its senders at once (as operationBinder does); none is called here. */
const deps = {
  operations: { many: (_operations: unknown, build: (send: unknown) => unknown) => build({}) },
} as unknown as ToolDeps;

const tool = (name: string) =>
  ({ name, description: name, inputSchema: { type: 'object' }, handler: () => ({}) }) as never;

describe('submitFeedTool', () => {
  it('without create_feed_document, create_feed or get_feed it is not built, and says which is missing', () => {
    expect(() => submitFeedTool(deps, [])).toThrow('submit_feed needs create_feed_document');
    expect(() => submitFeedTool(deps, [tool('create_feed_document')])).toThrow(
      'submit_feed needs create_feed',
    );
    expect(() => submitFeedTool(deps, [tool('create_feed_document'), tool('create_feed')])).toThrow(
      'submit_feed needs get_feed',
    );
  });
});
