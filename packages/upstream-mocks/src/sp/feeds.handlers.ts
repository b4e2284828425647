// Feeds 2021-06-30: createFeedDocument (201), createFeed (202), getFeed.
import type { RequestHandler } from 'msw';
import { DOCUMENT_HOST } from './hosts.js';
import { notFound, spErrors, spJson } from './respond.js';
import { spRoute } from './route.js';
import { feedDocuments, feeds, nextId } from './state.js';

async function jsonBody(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = await request.json();
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const bad = (op: string, message: string) => spErrors(400, [{ code: 'InvalidInput', message }], op);

const createDocument = spRoute('post', '/feeds/2021-06-30/documents', async ({ request }) => {
  const body = await jsonBody(request);
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
  const body = await jsonBody(request);
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
  return spJson({ feedId }, 202, 'createFeed');
});

const getFeed = spRoute('get', '/feeds/2021-06-30/feeds/:feedId', ({ params }) => {
  const feed = feeds.get(params.feedId ?? '');
  return feed ? spJson(feed, 200, 'getFeed') : notFound(`Feed ${params.feedId ?? ''} not found.`, 'getFeed');
});

export const feedsHandlers: RequestHandler[] = [...createDocument, ...createFeed, ...getFeed];
