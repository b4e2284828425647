// Feeds 2021-06-30 tools: create_feed_document + create_feed (writes, gated) and get_feed (read).
import { defineTool, type FromSchema, type ToolDefinition, CHANGE_UPSTREAM } from '@obmcp/contract';
import { uploadDocument } from '../http/document-download.js';
import { asObject, bodyAnswer, type ToolDeps } from './deps.js';
import { feedOptions, feedType, marketplaceIds25 } from './schema-parts.js';

const feedId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_.-]{1,128}$',
  description: 'Feed id from create_feed.',
} as const;

const documentSchema = {
  type: 'object',
  properties: {
    contentType: {
      type: 'string',
      minLength: 3,
      maxLength: 200,
      description:
        'MIME type of the feed content, e.g. "text/tab-separated-values; charset=UTF-8" or "application/json; charset=UTF-8".',
    },
    content: {
      type: 'string',
      maxLength: 5_000_000,
      description: 'Optional feed content to upload to the returned URL right away.',
    },
  },
  required: ['contentType'],
  examples: [
    {
      contentType: 'application/json; charset=UTF-8',
      content: '{"header":{"sellerId":"A2MOCKSELLER01","version":"2.0"},"messages":[]}',
    },
  ],
} as const;

const createSchema = {
  type: 'object',
  properties: {
    feedType,
    marketplaceIds: marketplaceIds25,
    inputFeedDocumentId: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.|-]{1,200}$',
      description: 'feedDocumentId from create_feed_document.',
    },
    feedOptions,
  },
  required: ['feedType', 'marketplaceIds', 'inputFeedDocumentId'],
  examples: [
    {
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: ['ATVPDKIKX0DER'],
      inputFeedDocumentId: 'amzn1.tortuga.4.na.50001',
    },
  ],
} as const;

const getSchema = {
  type: 'object',
  properties: { feedId },
  required: ['feedId'],
  examples: [{ feedId: '50002' }],
} as const;

export function feedsReadTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['feeds_2021-06-30', 'getFeed'], (send) =>
      defineTool<FromSchema<typeof getSchema>>({
        name: 'get_feed',
        title: 'Get feed status',
        description: 'Feed processing status and resultFeedDocumentId (Feeds 2021-06-30 getFeed).',
        inputSchema: getSchema,
        handler: (args, call) => bodyAnswer(send, args, call),
      }),
    ),
  ];
}

export function feedsWriteTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['feeds_2021-06-30', 'createFeedDocument'], (send) =>
      defineTool<FromSchema<typeof documentSchema>>({
        name: 'create_feed_document',
        title: 'Create a feed document (write)',
        description:
          'Creates a feed document and its presigned upload URL (Feeds 2021-06-30 createFeedDocument, HTTP 201); uploads content to it (the URL itself is never returned, so pass content). Only listed when SP_API_ENABLE_WRITES=true.',
        inputSchema: documentSchema,
        handler: async (args, call) => {
          const { body } = await send({ body: { contentType: args.contentType } }, call);
          const doc = asObject(body);
          const url = typeof doc.url === 'string' ? doc.url : undefined;
          // A missing or unusable URL is an envelope (UPSTREAM_INVALID_RESPONSE), never a silent skip.
          if (args.content !== undefined) {
            await uploadDocument(deps.documents, url ?? '', args.contentType, args.content, call);
          }
          // The presigned URL is a short-lived capability: it is used here and never returned.
          return { feedDocumentId: doc.feedDocumentId, uploaded: args.content !== undefined };
        },
      }),
    ),
    deps.operations.one(['feeds_2021-06-30', 'createFeed'], (send) =>
      defineTool<FromSchema<typeof createSchema>>({
        name: 'create_feed',
        title: 'Submit a feed (write)',
        description:
          'Submits an uploaded feed document for processing (Feeds 2021-06-30 createFeed, HTTP 202); feeds change live seller data. Only listed when SP_API_ENABLE_WRITES=true.',
        inputSchema: createSchema,
        annotations: CHANGE_UPSTREAM,
        handler: (args, call) => bodyAnswer(send, { body: args }, call),
      }),
    ),
  ];
}
