// submit_feed: a Feeds 2021-06-30 feed in one call (document + upload → createFeed → getFeed until DONE → processing report).
import {
  cancelUpstreamJob,
  noteUpstreamNotCancelled,
  pollCadence,
  pollJob,
  waitSecondsProperty,
} from '@obmcp/mcp-server/tasks';
import {
  type CallContext,
  CHANGE_UPSTREAM,
  defineTool,
  type FromSchema,
  type ToolDefinition,
} from '@obmcp/contract';
import { decodeText } from '@obmcp/http-kit';
import { downloadDescribedDocument } from '../http/document-download.js';
import { asObject, type ToolDeps } from './deps.js';
import { feedOptions, feedType, marketplaceIds25 } from './schema-parts.js';

const submitSchema = {
  type: 'object',
  properties: {
    feedType,
    marketplaceIds: marketplaceIds25,
    contentType: {
      type: 'string',
      minLength: 3,
      maxLength: 200,
      description: 'MIME type of the content, e.g. "application/json; charset=UTF-8".',
    },
    content: { type: 'string', minLength: 1, maxLength: 5_000_000, description: 'The feed content.' },
    feedOptions,
    waitSeconds: waitSecondsProperty('DONE', 300, 'submit only'),
  },
  required: ['feedType', 'marketplaceIds', 'contentType', 'content'],
  examples: [
    {
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: ['ATVPDKIKX0DER'],
      contentType: 'application/json; charset=UTF-8',
      content: '{"header":{"sellerId":"A2MOCKSELLER01","version":"2.0"},"messages":[]}',
    },
  ],
} as const;

type SubmitArgs = FromSchema<typeof submitSchema>;
type Step = (args: Record<string, unknown>, call: CallContext) => Promise<Record<string, unknown>>;

/** Terminal processing statuses (the model's enum). */
const ENDED = new Set(['DONE', 'FATAL', 'CANCELLED']);

/** A feed's processingStatus; one Amazon left out is IN_QUEUE (where every new feed starts). */
const statusOf = (feed: Record<string, unknown>): string =>
  typeof feed.processingStatus === 'string' ? feed.processingStatus : 'IN_QUEUE';

/** The upload, submit and status steps are the feed tools' own handlers (one request builder each). */
/** The operations submit_feed reaches: three through the feed tools' handlers, getFeedDocument itself. */
const FEED_OPERATIONS = {
  createDocument: ['feeds_2021-06-30', 'createFeedDocument'],
  create: ['feeds_2021-06-30', 'createFeed'],
  get: ['feeds_2021-06-30', 'getFeed'],
  document: ['feeds_2021-06-30', 'getFeedDocument'],
  cancel: ['feeds_2021-06-30', 'cancelFeed'],
} as const;

export function submitFeedTool(deps: ToolDeps, feedTools: readonly ToolDefinition[]): ToolDefinition {
  return deps.operations.many(FEED_OPERATIONS, (send) => {
    const step = (name: string): Step => {
      const tool = feedTools.find((t) => t.name === name);
      if (!tool) throw new Error(`submit_feed needs ${name}`);
      return async (args, call) => asObject(await tool.handler(args as never, call));
    };
    const createDocument = step('create_feed_document');
    const createFeed = step('create_feed');
    const getFeed = step('get_feed');
    /** getFeedDocument, then the report (the URL is used here and never returned). */
    const report = async (feedDocumentId: string, call: CallContext) => {
      const { body } = await send.document({ feedDocumentId }, call);
      const { bytes, contentType } = await downloadDescribedDocument(
        deps.documents,
        asObject(body),
        'feed',
        deps.config.maxDocumentBytes,
        call,
      );
      const { text } = decodeText(bytes, contentType);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    };
    return defineTool<SubmitArgs>({
      name: 'submit_feed',
      title: 'Submit a feed and return its processing report (write)',
      description:
        'Feeds 2021-06-30 in one call: createFeedDocument + upload, createFeed, getFeed until DONE (every 2.5 % of the time waited, 10 s to 60 s), then the processing report. Changes live seller data; only with SP_API_ENABLE_WRITES=true. Runs as an MCP task when the host asks.',
      inputSchema: submitSchema,
      annotations: CHANGE_UPSTREAM,
      taskSupport: 'optional',
      async handler(a, call) {
        const uploaded = await createDocument({ contentType: a.contentType, content: a.content }, call);
        const submitted = await createFeed(
          {
            feedType: a.feedType,
            marketplaceIds: a.marketplaceIds,
            inputFeedDocumentId: uploaded.feedDocumentId,
            ...(a.feedOptions ? { feedOptions: a.feedOptions } : {}),
          },
          call,
        );
        const feedId = String(submitted.feedId ?? '');
        const waitSeconds = a.waitSeconds ?? 300;
        let last = 'IN_QUEUE';
        // getFeed allows 2/s (burst 15); feeds take minutes: 2.5 % of the time waited, 10 s to 60 s (the limiter paces it too).
        const { value: feed, timedOut } = await pollJob(call, {
          poll: () => getFeed({ feedId }, call),
          state: (f) => {
            last = statusOf(f);
            return { status: last, done: ENDED.has(last) };
          },
          delayMs: pollCadence({ firstMs: 10_000, maxMs: 60_000, share: 0.025 }, deps.config.pollTimeScale),
          waitMs: waitSeconds * 1000,
        }).catch(async (error: unknown) => {
          // A cancelled task: Amazon cancels a feed only while it is IN_QUEUE (cancelFeed).
          if (last === 'IN_QUEUE') {
            await cancelUpstreamJob(call, `feed ${feedId}`, async (fresh) => {
              await send.cancel({ feedId }, fresh);
              return `feed ${feedId} cancelled at Amazon (cancelFeed) before it was processed`;
            });
          } else {
            noteUpstreamNotCancelled(
              call,
              `feed ${feedId} was ${last}: Amazon cancels only IN_QUEUE feeds, so it may still be applied (get_feed)`,
            );
          }
          throw error;
        });
        const status = statusOf(feed);
        const resultId =
          typeof feed.resultFeedDocumentId === 'string' ? feed.resultFeedDocumentId : undefined;
        if (timedOut) {
          call.meta.addWarning({
            kind: 'partial_results',
            summary: `Feed ${feedId} is still ${status} after ${waitSeconds} s.`,
            details: [{ path: 'waitSeconds', issue: 'feed not DONE in time', received_type: 'integer' }],
            hints: [`Call get_feed with feedId='${feedId}' later.`],
          });
        }
        return {
          feedId,
          processingStatus: status,
          ready: ENDED.has(status),
          ...(resultId
            ? { resultFeedDocumentId: resultId, processingReport: await report(resultId, call) }
            : {}),
        };
      },
    });
  });
}
