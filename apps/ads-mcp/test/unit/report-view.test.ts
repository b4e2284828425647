// Unit (src): a report as the agent sees it (ready only when COMPLETED with an https URL; other fields as given
// or null), and the AMC steps: each is that tool's own handler, and which execution statuses are final.
import type { CallContext, ToolDefinition } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { AMC_ENDED, amcStep, executionOf } from '../../src/tools/amc-steps.js';
import { reportView } from '../../src/tools/report-view.js';

const NULLS = {
  reportId: null,
  name: null,
  status: null,
  ready: false,
  startDate: null,
  endDate: null,
  createdAt: null,
  updatedAt: null,
  generatedAt: null,
  fileSize: null,
  failureReason: null,
  url: null,
  urlExpiresAt: null,
  configuration: null,
};

describe('reportView', () => {
  it('a completed report with its https URL is ready; every field is passed on', () => {
    const body = {
      reportId: 'r-1',
      name: 'daily',
      status: 'COMPLETED',
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      createdAt: 'c',
      updatedAt: 'u',
      generatedAt: 'g',
      fileSize: 123,
      failureReason: 'none',
      url: 'https://offline-report-storage.s3.amazonaws.com/r-1.json.gz',
      urlExpiresAt: 'e',
      configuration: { adProduct: 'SPONSORED_PRODUCTS' },
    };
    expect(reportView(body)).toEqual({ ...body, ready: true });
  });

  it('not ready while pending, or completed without a usable URL (an http URL is not handed out)', () => {
    expect(reportView({ status: 'PENDING', url: 'https://x/r' })).toMatchObject({
      ready: false,
      url: 'https://x/r',
    });
    expect(reportView({ status: 'COMPLETED' })).toMatchObject({ ready: false, url: null });
    expect(reportView({ status: 'COMPLETED', url: 'http://x/r' })).toMatchObject({ ready: false, url: null });
    expect(reportView({ status: 'COMPLETED', url: 7 })).toMatchObject({ ready: false, url: null });
  });

  it('fields of the wrong type or missing are null; no body is all null', () => {
    expect(reportView({ reportId: 5, name: ['x'], status: 3 })).toEqual(NULLS);
    expect(reportView(undefined)).toEqual(NULLS);
    expect(reportView({ fileSize: 0, failureReason: '' })).toMatchObject({ fileSize: 0, failureReason: '' });
  });
});

describe('AMC steps', () => {
  const tool = (name: string, answer: unknown) =>
    ({ name, handler: async (args: unknown) => ({ answer, args }) }) as unknown as ToolDefinition;

  it("a step is that tool's handler", async () => {
    const step = amcStep(
      [tool('a', 1), tool('create_amc_execution', 2)],
      'create_amc_execution',
      'run_amc_query',
    );
    expect(await step({ q: 1 }, {} as CallContext)).toEqual({ answer: 2, args: { q: 1 } });
  });

  it('a missing tool fails at start, naming who needs it', () => {
    expect(() => amcStep([tool('a', 1)], 'get_amc_execution', 'get_amc_query_results')).toThrow(
      'get_amc_query_results needs get_amc_execution',
    );
  });

  it('the final statuses, and the execution of an answer', () => {
    expect([...AMC_ENDED].sort()).toEqual(['CANCELLED', 'FAILED', 'REJECTED', 'SUCCEEDED']);
    expect(executionOf({ workflowExecution: { workflowExecutionId: 'e', status: 'RUNNING' } })).toEqual({
      workflowExecutionId: 'e',
      status: 'RUNNING',
    });
    expect(executionOf({})).toEqual({});
  });
});
