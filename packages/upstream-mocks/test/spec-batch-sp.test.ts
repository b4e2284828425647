// Every SP-API operation of the vendored models through the mocks, in one process.
import { afterAll, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { handlers } from '../src/sp/index.js';
import { runBatch } from './support/batch.js';

const server = startMockServer();
afterAll(() => server.close());

it('all 370 SP-API operations: spec-valid requests succeed with schema-valid answers, broken ones get the 400', {
  timeout: 900_000,
}, async () => {
  const r = await runBatch('sp-api', handlers);
  expect(r.operations).toBe(370);
  expect({ tail: r.tail, handWritten: r.handWritten, invalid: r.invalid, faults: r.faults }).toEqual({
    tail: [],
    handWritten: [],
    invalid: [],
    faults: [],
  });
});
