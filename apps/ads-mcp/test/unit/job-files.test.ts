// Unit (src): what an agent reads of an Ads job: the poll cadence, the "still running" warning, the rows of a
// downloaded file (not an array → refused), the row cap and its warning, and the active-profile requirement.
import { DomainValidationError, UpstreamTransportError } from '@obmcp/contract';
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/session.js';
import { capRows, parseRows, rowsOfFile } from '../../src/tools/file-rows.js';
import { adsJobCadence, warnStillRunning } from '../../src/tools/job-wait.js';
import { requireProfile } from '../../src/tools/require-profile.js';
import { recordingCall } from './call-context.js';

describe('adsJobCadence', () => {
  it('waits 2.5 % of the time waited so far, from 2 s up to 30 s', () => {
    const next = adsJobCadence({ pollTimeScale: 1 });
    expect(next(1, 0)).toBe(2_000);
    expect(next(2, 79_999)).toBe(2_000);
    expect(next(3, 200_000)).toBe(5_000);
    expect(next(4, 1_200_000)).toBe(30_000);
    expect(next(5, 10_000_000)).toBe(30_000);
  });

  it('the mocks time scale divides the bounds', () => {
    const next = adsJobCadence({ pollTimeScale: 250 });
    expect(next(1, 0)).toBe(8);
    expect(next(2, 10_000_000)).toBe(120);
  });
});

describe('warnStillRunning', () => {
  it('adds one partial_results warning naming the job, its status, the wait and what to call later', () => {
    const { call, warnings } = recordingCall();
    warnStillRunning(call, {
      what: 'Report',
      id: 'r-1',
      status: 'PENDING',
      waitSeconds: 60,
      later: 'Call get_report later.',
    });
    expect(warnings).toEqual([
      {
        kind: 'partial_results',
        summary: 'Report r-1 is still PENDING after 60 s.',
        details: [{ path: 'waitSeconds', issue: 'report not done in time', received_type: 'integer' }],
        hints: ['Call get_report later.'],
      },
    ]);
  });
});

describe('file rows', () => {
  const notArray = (what: string) => ({
    code: 'UPSTREAM_INVALID_RESPONSE',
    summary: `The ${what} file is not a JSON array (GZIP_JSON).`,
    details: [
      {
        path: '',
        issue: `${what} document did not decode to a JSON array`,
        received_type: 'upstream_response',
      },
    ],
  });
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      expect(e).toBeInstanceOf(UpstreamTransportError);
      const { code, summary, details } = e as UpstreamTransportError;
      return { code, summary, details };
    }
    throw new Error('expected a refusal');
  };
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('a JSON array file is its rows', () => {
    expect(parseRows(bytes('[{"a":1},{"a":2}]'), 'report')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(rowsOfFile([1, 2], 'export')).toEqual([1, 2]);
  });

  it('anything else is an invalid upstream response naming the file kind', () => {
    expect(thrown(() => parseRows(bytes('{"a":1}'), 'report'))).toEqual(notArray('report'));
    expect(thrown(() => parseRows(bytes('[{"a":1'), 'snapshot'))).toEqual(notArray('snapshot'));
    expect(thrown(() => rowsOfFile(null, 'export'))).toEqual(notArray('export'));
  });

  const cap = { what: 'report', narrow: 'Narrow the date range.' };
  it('under the cap: every row, no warning', () => {
    const { call, warnings } = recordingCall();
    expect(capRows([1, 2, 3], { ...cap, maxRows: 3, limit: 10 }, call)).toEqual({
      totalRows: 3,
      returnedRows: 3,
      truncated: false,
      rows: [1, 2, 3],
    });
    expect(capRows([1, 2], { ...cap, maxRows: undefined, limit: 10 }, call).returnedRows).toBe(2);
    expect(warnings).toEqual([]);
  });

  it("over the caller's maxRows: the first rows and a warning with the cap and the total", () => {
    const { call, warnings } = recordingCall();
    expect(capRows([1, 2, 3, 4], { ...cap, maxRows: 2, limit: 10 }, call)).toEqual({
      totalRows: 4,
      returnedRows: 2,
      truncated: true,
      rows: [1, 2],
    });
    expect(warnings).toEqual([
      {
        kind: 'partial_results',
        summary: 'Returned 2 of 4 report rows (row cap).',
        details: [
          { path: 'maxRows', issue: 'row cap 2 reached', received_type: 'integer', limit: 2, actual: 4 },
        ],
        hints: ['Narrow the date range.'],
      },
    ]);
  });

  it("the server's limit caps a larger maxRows, and applies when none is given", () => {
    const { call, warnings } = recordingCall();
    expect(capRows([1, 2, 3], { ...cap, maxRows: 50, limit: 2 }, call).rows).toEqual([1, 2]);
    expect(capRows([1, 2, 3], { ...cap, maxRows: undefined, limit: 1 }, call).rows).toEqual([1]);
    expect(warnings.map((w) => w.summary)).toEqual([
      'Returned 2 of 3 report rows (row cap).',
      'Returned 1 of 3 report rows (row cap).',
    ]);
  });
});

describe('requireProfile', () => {
  const session = (profileId: number | undefined) => ({ profileId }) as Session;

  it('the active profile is used', () => {
    expect(requireProfile(session(42))).toBe(42);
  });

  it('none: refused, naming profileId and how to set one', () => {
    try {
      requireProfile(session(undefined));
      throw new Error('expected a refusal');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainValidationError);
      const { code, summary, details, hints } = e as DomainValidationError;
      expect({ code, summary, details, hints }).toEqual({
        code: 'INPUT_VALIDATION_FAILED',
        summary: 'No active advertising profile.',
        details: [
          {
            path: 'profileId',
            issue:
              'this tool needs an active advertising profile (Amazon-Advertising-API-Scope) and none is set',
            received_type: 'undefined',
          },
        ],
        hints: [
          'Set an active profile with set_active_profile (profile ids come from list_profiles).',
          'Or start the server with ADS_API_PROFILE_ID set.',
        ],
      });
    }
  });

  it('--hosted: a profile the user did not allow at login is refused', () => {
    const user = { subject: 'ads:u', account: 'u', secret: 's', profiles: ['7'] };
    expect(runAsHostedUser(user, () => requireProfile(session(7)))).toBe(7);
    expect(() => runAsHostedUser(user, () => requireProfile(session(8)))).toThrow(
      'Profile 8 is not one you allowed this client to use.',
    );
  });
});
