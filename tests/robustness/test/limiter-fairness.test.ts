// Limiter fairness on sp-mcp (in process): a flood of one operation neither starves another nor exceeds its own bucket.
import { expect, it } from 'vitest';
import { startInProcess } from '@obmcp/test-kit';
import { appObject } from '../src/app-objects.js';
import { callAnswer } from '../src/in-process.js';
import { readAnswer } from '../src/load/answer.js';
import { APP_ENV } from '../src/servers.js';

// sp-mcp rate table: getOrder burst 30 @ 0.5/s, getMarketplaceParticipations burst 15 @ 0.016/s.
const FLOOD = {
  tool: 'get_order',
  args: { orderId: '902-3159896-1390916' },
  calls: 120,
  burst: 30,
  rate: 0.5,
};
const QUIET = { tool: 'get_marketplace_participations', args: {}, calls: 10 };

it('sp-mcp: per-operation buckets, bounded admissions, fast RATE_LIMITED', async () => {
  const server = await startInProcess({ app: await appObject('sp-mcp'), env: APP_ENV['sp-mcp'] });
  const started = Date.now();
  const flood = Array.from({ length: FLOOD.calls }, () => callAnswer(server.client, FLOOD.tool, FLOOD.args));
  const quiet = Array.from({ length: QUIET.calls }, () => callAnswer(server.client, QUIET.tool, QUIET.args));
  const floodAnswers = (await Promise.all(flood)).map(readAnswer);
  const quietAnswers = (await Promise.all(quiet)).map(readAnswer);
  const elapsedS = (Date.now() - started) / 1000;
  const admitted = floodAnswers.filter((a) => a.envelope?.error_code !== 'RATE_LIMITED').length;
  const limited = floodAnswers.length - admitted;
  console.log(
    `sp-mcp flood: admitted ${admitted}/${FLOOD.calls} in ${elapsedS.toFixed(1)} s; quiet limited ${quietAnswers.filter((a) => a.envelope?.error_code === 'RATE_LIMITED').length}`,
  );
  // (a) isolation: the quiet operation, within its burst, is never limited by the flood.
  expect(quietAnswers.filter((a) => a.envelope?.error_code === 'RATE_LIMITED')).toEqual([]);
  // (b) no starvation and no overshoot: at least the burst, at most burst + rate × window + 1.
  expect(admitted).toBeGreaterThanOrEqual(FLOOD.burst);
  expect(admitted).toBeLessThanOrEqual(FLOOD.burst + Math.ceil(FLOOD.rate * elapsedS) + 1);
  // (c) the rest fail fast with a retryable RATE_LIMITED envelope that says when to retry.
  expect(limited).toBeGreaterThan(0);
  for (const a of floodAnswers.filter((x) => x.envelope?.error_code === 'RATE_LIMITED'))
    expect(a.meta.retry_after_seconds).toBeGreaterThan(0);
  await server.close();
});
