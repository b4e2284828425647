// Feeds 2021-06-30: createFeedDocument (201), createFeed (202), getFeed (IN_QUEUE → IN_PROGRESS → DONE with a
// processing report), getFeedDocument.
import type { RequestHandler } from 'msw';
import { DOCUMENT_HOST } from './hosts.js';
import { mockSettings } from '../settings.js';
import { notFound, spEmpty, spErrors, spJson } from './respond.js';
import { spRoute } from './route.js';
import { readJson } from '../read-json.js';
import { feedDocuments, feedProgress, feeds, nextId } from './state.js';

const bad = (op: string, message: string) => spErrors(400, [{ code: 'InvalidInput', message }], op);

const createDocument = spRoute('post', '/feeds/2021-06-30/documents', async ({ request }) => {
  const body = await readJson(request);
  if (!body || typeof body.contentType !== 'string')
    return bad('createFeedDocument', 'contentType is required.');
  const feedDocumentId = `amzn1.tortuga.4.na.${nextId()}`;
  feedDocuments.set(feedDocumentId, { contentType: body.contentType });
  return spJson(
    {
      feedDocumentId,
      url: `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/feeds/${encodeURIComponent(feedDocumentId)}?X-Amz-Signature=mock`,
    },
    201,
    'createFeedDocument',
  );
});

const createFeed = spRoute('post', '/feeds/2021-06-30/feeds', async ({ request }) => {
  const body = await readJson(request);
  const ids = body?.marketplaceIds;
  if (
    !body ||
    typeof body.feedType !== 'string' ||
    typeof body.inputFeedDocumentId !== 'string' ||
    !Array.isArray(ids) ||
    ids.length === 0
  ) {
    return bad('createFeed', 'feedType, marketplaceIds and inputFeedDocumentId are required.');
  }
  if (!feedDocuments.has(body.inputFeedDocumentId))
    return bad('createFeed', 'inputFeedDocumentId does not exist.');
  const feedId = nextId();
  feeds.set(feedId, {
    feedId,
    feedType: body.feedType,
    marketplaceIds: ids,
    createdTime: new Date().toISOString(),
    processingStatus: 'IN_QUEUE',
  });
  feedProgress.set(feedId, { polls: 0, input: body.inputFeedDocumentId });
  return spJson({ feedId }, 202, 'createFeed');
});

/** The processing report of a JSON_LISTINGS_FEED (its documented shape): every message accepted. */
function processingReport(feed: Record<string, unknown>, inputId: string): string {
  const input = feedDocuments.get(inputId)?.uploaded ?? '';
  let messages = 0;
  try {
    const parsed = JSON.parse(input) as { messages?: unknown };
    messages = Array.isArray(parsed.messages) ? parsed.messages.length : 0;
  } catch {
    messages = 0;
  }
  return JSON.stringify({
    header: { sellerId: 'A2MOCKSELLER01', version: '2.0', feedId: feed.feedId },
    issues: [],
    summary: {
      errors: 0,
      warnings: 0,
      messagesProcessed: messages,
      messagesAccepted: messages,
      messagesInvalid: 0,
    },
  });
}

/** One more getFeed answer: the feed moves on a step (a created feed; the seeded one stays as seeded). */
function advance(feedId: string, feed: Record<string, unknown>): void {
  const progress = feedProgress.get(feedId);
  if (progress === undefined) return;
  if (feed.processingStatus === 'CANCELLED') return;
  const queued = mockSettings.spFeedQueuedPolls();
  const polls = progress.polls;
  progress.polls += 1;
  if (polls < queued) return;
  const now = new Date().toISOString();
  if (polls === queued) {
    Object.assign(feed, { processingStatus: 'IN_PROGRESS', processingStartTime: now });
    return;
  }
  if (feed.processingStatus === 'DONE') return;
  const resultId = `amzn1.tortuga.4.na.${feedId}.report`;
  feedDocuments.set(resultId, {
    contentType: 'application/json; charset=UTF-8',
    uploaded: processingReport(feed, progress.input),
  });
  Object.assign(feed, { processingStatus: 'DONE', processingEndTime: now, resultFeedDocumentId: resultId });
}

const getFeed = spRoute('get', '/feeds/2021-06-30/feeds/:feedId', ({ params }) => {
  const feedId = params.feedId ?? '';
  const feed = feeds.get(feedId);
  if (!feed) return notFound(`Feed ${feedId} not found.`, 'getFeed');
  advance(feedId, feed);
  return spJson(feed, 200, 'getFeed');
});

/**
 * cancelFeed: "Only feeds with processingStatus=IN_QUEUE can be cancelled. Cancelled feeds are returned in
 * subsequent calls to the getFeed and getFeeds operations." 200 without a body; a feed in any other status
 * is refused 400; an unknown one 404.
 */
const cancelFeed = spRoute('delete', '/feeds/2021-06-30/feeds/:feedId', ({ params }) => {
  const op = 'cancelFeed';
  const feedId = params.feedId ?? '';
  const feed = feeds.get(feedId);
  if (!feed) return notFound(`Feed ${feedId} not found.`, op);
  if (feed.processingStatus !== 'IN_QUEUE') {
    return bad(
      op,
      `Feed ${feedId} cannot be cancelled: its processingStatus is ${String(feed.processingStatus)}; only IN_QUEUE feeds can be cancelled.`,
    );
  }
  Object.assign(feed, { processingStatus: 'CANCELLED', processingEndTime: new Date().toISOString() });
  return spEmpty(200, op);
});

const getFeedDocument = spRoute('get', '/feeds/2021-06-30/documents/:feedDocumentId', ({ params }) => {
  const id = params.feedDocumentId ?? '';
  if (!feedDocuments.has(id)) return notFound(`Feed document ${id} not found.`, 'getFeedDocument');
  return spJson(
    {
      feedDocumentId: id,
      url: `${DOCUMENT_HOST}/NOT_A_REAL_BUCKET/feeds/${encodeURIComponent(id)}?X-Amz-Signature=mock`,
    },
    200,
    'getFeedDocument',
  );
});

export const feedsHandlers: RequestHandler[] = [
  ...createDocument,
  ...createFeed,
  ...getFeed,
  ...cancelFeed,
  ...getFeedDocument,
];
