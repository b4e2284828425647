// Ads 400 bodies keep their message and each item's reason and location in details (audit A2-1).
import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '../src/http/error-body.js';

describe('parseErrorBody', () => {
  it('an SP v3 400 {code, message, errors[]} keeps message, reason and location', () => {
    const body = {
      code: 'INVALID_ARGUMENT',
      message: 'Invalid request: one or more fields are invalid.',
      errors: [
        {
          errorType: 'malformedValueError',
          errorValue: {
            malformedValueError: {
              reason: 'PATTERN_NOT_MATCHED',
              message: 'state must be one of ENABLED, PAUSED, PROPOSED',
              cause: { location: '$.campaigns[0].state' },
            },
          },
        },
      ],
    };
    const parsed = parseErrorBody(JSON.stringify(body), 'application/json', []);
    expect(parsed.message).toBe('Invalid request: one or more fields are invalid.');
    expect(parsed.details).toEqual([
      {
        path: '',
        issue: 'Invalid request: one or more fields are invalid.',
        received_type: 'upstream_error',
        upstream_code: 'INVALID_ARGUMENT',
      },
      {
        path: 'campaigns/0/state',
        issue: 'state must be one of ENABLED, PAUSED, PROPOSED',
        received_type: 'upstream_error',
        upstream_code: 'PATTERN_NOT_MATCHED',
        error_type: 'malformedValueError',
        location: '$.campaigns[0].state',
      },
    ]);
  });

  it('the other Ads shapes still parse: {code, details}, {code, detail}, {message}', () => {
    expect(
      parseErrorBody('{"code":"404","details":"not found"}', 'application/json', []).details[0],
    ).toMatchObject({
      issue: 'not found',
      upstream_code: '404',
    });
    expect(parseErrorBody('{"code":"425","detail":"dup"}', 'application/json', []).details[0]?.issue).toBe(
      'dup',
    );
    expect(parseErrorBody('{"message":"Too Many Requests"}', 'application/json', []).details[0]?.issue).toBe(
      'Too Many Requests',
    );
  });

  it('the Openbridge flat body {error: <message>, code} keeps its message (mutation sample A2)', () => {
    const parsed = parseErrorBody('{"error":"Identity 42 not found","code":404}', 'application/json', []);
    expect(parsed.code).toBe('404');
    expect(parsed.details[0]).toMatchObject({ issue: 'Identity 42 not found', upstream_code: '404' });
  });

  it('an LWA body {error: <code>, error_description} reads error as the code', () => {
    const parsed = parseErrorBody(
      '{"error":"invalid_grant","error_description":"The refresh token is invalid"}',
      'application/json',
      [],
    );
    expect(parsed.code).toBe('invalid_grant');
    expect(parsed.details[0]).toMatchObject({ issue: 'The refresh token is invalid' });
  });
});
