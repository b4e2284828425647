// execute_query end to end: a Query API that answers after timeout_seconds, or a gateway 504, is not retryable; sent once.
import { validateEnvelope } from '@obmcp/contract/envelope';
import { openbridge as ob, startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type InProcessServer, inProcessServer } from './in-process-server.js';

const mocks = startMockServer();
const QUERY_URL = `${ob.OPENBRIDGE_HOSTS.service}/service/query/production/query`;
const posts: string[] = [];
mocks.events.on('request:start', ({ request }) => {
  if (request.method === 'POST' && request.url === QUERY_URL) posts.push(request.url);
});

let server: InProcessServer | undefined;
afterEach(async () => {
  mocks.resetHandlers();
  ob.resetOpenbridgeMock();
  posts.length = 0;
  await server?.close();
  server = undefined;
});
afterAll(() => mocks.close());

const ANSWERS = {
  'no answer within timeout_seconds': async () => {
    await new Promise((r) => setTimeout(r, 2_500));
    return HttpResponse.json({ data: [] });
  },
  'a gateway 504': () => HttpResponse.json({ message: 'Endpoint request timed out' }, { status: 504 }),
} as const;

describe('execute_query whose answer never came', () => {
  it.each(Object.keys(ANSWERS) as Array<keyof typeof ANSWERS>)(
    '%s → not retryable, sent once',
    async (kind) => {
      mocks.use(http.post(QUERY_URL, ANSWERS[kind]));
      server = await inProcessServer({
        OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true',
        OPENBRIDGE_MAX_RETRIES: '2',
      });
      const out = await server.call('execute_query', {
        query: 'SELECT a FROM t LIMIT 5',
        key_name: 'acme_redshift_1688',
        timeout_seconds: 1,
      });
      expect(validateEnvelope(out.envelope).valid).toBe(true);
      expect(out.envelope).toMatchObject({ retryable: false });
      expect(out.envelope?.summary).toMatch(/the warehouse may still be running it/);
      expect(out.envelope?.details).toContainEqual(expect.objectContaining({ reason: 'outcome_unknown' }));
      expect(posts).toHaveLength(1);
    },
    20_000,
  );
});
