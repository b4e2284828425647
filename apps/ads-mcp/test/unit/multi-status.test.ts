// Unit (src): a 207 batch answer as the agent reads it: successes kept, one error record per failed item
// (index, Amazon's reason, the field it points at, retryable only when every error is transient), and a
// batch in which every item failed is an error naming each item.
import { UpstreamHttpError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { reportMultiStatus } from '../../src/tools/multi-status.js';
import { recordingCall } from './call-context.js';

const itemError = (
  reason: string,
  message: string,
  location?: string,
  errorType = 'entityNotFoundError',
) => ({
  errorType,
  errorValue: { [errorType]: { reason, message, ...(location ? { cause: { location } } : {}) } },
});

describe('reportMultiStatus', () => {
  it('all succeeded: the successes, no error, no warning', () => {
    const { call, warnings } = recordingCall();
    expect(
      reportMultiStatus('campaigns', { success: [{ index: 0, campaignId: '1' }], error: [] }, 1, call),
    ).toEqual({
      submitted: 1,
      succeeded: 1,
      failed: 0,
      success: [{ index: 0, campaignId: '1' }],
      errors: [],
    });
    expect(warnings).toEqual([]);
  });

  it('some failed: successes and an error record per failed item, and a partial_results warning', () => {
    const { call, warnings } = recordingCall();
    const out = reportMultiStatus(
      'campaigns',
      {
        success: [{ index: 0, campaignId: '1' }],
        error: [
          {
            index: 1,
            errors: [itemError('ENTITY_NOT_FOUND', 'no such campaign', '$.campaigns[1].campaignId')],
          },
          { index: 2, errors: [itemError('BUDGET_TOO_LOW', 'budget too low', 'budget')] },
        ],
      },
      3,
      call,
    );
    expect(out).toMatchObject({ submitted: 3, succeeded: 1, failed: 2 });
    expect(out.errors).toEqual([
      {
        index: 1,
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_207',
        code: 'ENTITY_NOT_FOUND',
        message: 'no such campaign',
        field: 'campaigns/1/campaignId',
        retryable: false,
        errors: [
          {
            code: 'ENTITY_NOT_FOUND',
            message: 'no such campaign',
            field: 'campaigns/1/campaignId',
            errorType: 'entityNotFoundError',
          },
        ],
      },
      {
        index: 2,
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_207',
        code: 'BUDGET_TOO_LOW',
        message: 'budget too low',
        field: 'budget',
        retryable: false,
        errors: [
          {
            code: 'BUDGET_TOO_LOW',
            message: 'budget too low',
            field: 'budget',
            errorType: 'entityNotFoundError',
          },
        ],
      },
    ]);
    expect(warnings).toEqual([
      {
        kind: 'partial_results',
        summary: '2 of 3 campaigns failed; see errors[] in the result.',
        details: [
          {
            path: 'campaigns/1/campaignId',
            issue: 'no such campaign',
            received_type: 'upstream_error',
            index: 1,
            upstream_code: 'ENTITY_NOT_FOUND',
            field: 'campaigns/1/campaignId',
          },
          {
            path: 'campaigns/2',
            issue: 'budget too low',
            received_type: 'upstream_error',
            index: 2,
            upstream_code: 'BUDGET_TOO_LOW',
            field: 'budget',
          },
        ],
        hints: ['errors[].index points into the submitted campaigns array; items in success[] were applied.'],
      },
    ]);
  });

  it('an item is retryable only when every error it lists is throttling or an internal error', () => {
    const { call } = recordingCall();
    const out = reportMultiStatus(
      'adGroups',
      {
        success: [{ index: 9 }],
        error: [
          {
            index: 0,
            errors: [
              itemError('T', 'slow down', undefined, 'throttledError'),
              itemError('I', 'oops', undefined, 'internalServerError'),
            ],
          },
          {
            index: 1,
            errors: [
              itemError('T', 'slow down', undefined, 'throttledError'),
              itemError('X', 'bad', undefined, 'malformedValueError'),
            ],
          },
          { index: 2, errors: [{ message: 'no type' }] },
          { index: 3, errors: [] },
        ],
      },
      5,
      call,
    );
    expect(out.errors.map((e) => e.retryable)).toEqual([true, false, false, false]);
  });

  it('an item without a usable index, errors or message still gets a record and a detail', () => {
    const { call, warnings } = recordingCall();
    const out = reportMultiStatus(
      'keywords',
      { success: [{}], error: [null, { index: 'x', errors: [null] }] },
      3,
      call,
    );
    expect(out.errors).toEqual([
      {
        index: null,
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_207',
        code: null,
        message: 'item failed',
        field: null,
        retryable: false,
        errors: [],
      },
      {
        index: null,
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_207',
        code: null,
        message: 'item failed',
        field: null,
        retryable: false,
        errors: [{ code: null, message: 'item failed', field: null, errorType: null }],
      },
    ]);
    expect(warnings[0]?.details).toEqual([
      { path: 'keywords', issue: 'item failed', received_type: 'upstream_error', index: null },
      { path: 'keywords', issue: 'item failed', received_type: 'upstream_error', index: null },
    ]);
  });

  it('every item failed: an HTTP 207 error naming each item (up to 25), nothing applied', () => {
    const { call, warnings } = recordingCall();
    const error = Array.from({ length: 30 }, (_, i) => ({ index: i, errors: [itemError('E', `bad ${i}`)] }));
    let thrown: unknown;
    try {
      reportMultiStatus('targets', { success: [], error }, 30, call, 'req-1');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UpstreamHttpError);
    const e = thrown as UpstreamHttpError;
    expect({
      status: e.status,
      service: e.service,
      summary: e.summary,
      hints: e.hints,
      requestId: e.requestId,
    }).toEqual({
      status: 207,
      service: 'Amazon Ads API',
      summary: 'Amazon Ads API rejected all 30 targets of the batch (HTTP 207 multi-status).',
      hints: ['details[].index points into the submitted targets array; nothing was applied.'],
      requestId: 'req-1',
    });
    expect(e.details).toHaveLength(25);
    expect(e.details[24]).toEqual({
      path: 'targets/24',
      issue: 'bad 24',
      received_type: 'upstream_error',
      index: 24,
      upstream_code: 'E',
    });
    expect(warnings).toEqual([]);
  });

  it('an answer without lists is an empty result', () => {
    const { call } = recordingCall();
    expect(reportMultiStatus('campaigns', undefined, 0, call)).toEqual({
      submitted: 0,
      succeeded: 0,
      failed: 0,
      success: [],
      errors: [],
    });
    expect(reportMultiStatus('campaigns', { success: 'x', error: 'y' }, 1, call)).toMatchObject({
      succeeded: 0,
      failed: 0,
    });
  });
});
