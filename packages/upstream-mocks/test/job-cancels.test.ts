// The upstream job cancels as the APIs document them: what each accepts, and what each refuses.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { sendSp } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());
afterEach(() => {
  delete process.env.OBMCP_MOCK_SP_REPORT_MS;
});

const createReport = async () => {
  const r = await sendSp('POST', '/reports/2021-06-30/reports', {
    reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
    marketplaceIds: ['ATVPDKIKX0DER'],
  });
  return String((r.body as { reportId?: unknown }).reportId);
};

describe('SP cancelReport (DELETE /reports/2021-06-30/reports/{reportId})', () => {
  it('cancels an IN_QUEUE report: 200, and getReport then says CANCELLED', async () => {
    process.env.OBMCP_MOCK_SP_REPORT_MS = '600000';
    const id = await createReport();
    const cancelled = await sendSp('DELETE', `/reports/2021-06-30/reports/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.problems).toEqual([]);
    const read = await sendSp('GET', `/reports/2021-06-30/reports/${id}`);
    expect(read.body).toMatchObject({ reportId: id, processingStatus: 'CANCELLED' });
  });

  it('refuses a report that is not IN_QUEUE (400) and an unknown one (404)', async () => {
    const done = await createReport();
    const refused = await sendSp('DELETE', `/reports/2021-06-30/reports/${done}`);
    expect(refused.status).toBe(400);
    expect(refused.problems).toEqual([]);
    expect(JSON.stringify(refused.body)).toMatch(/only IN_QUEUE reports can be cancelled/);
    expect((await sendSp('GET', `/reports/2021-06-30/reports/${done}`)).body).toMatchObject({
      processingStatus: 'DONE',
    });
    expect((await sendSp('DELETE', '/reports/2021-06-30/reports/999999999')).status).toBe(404);
  });
});
