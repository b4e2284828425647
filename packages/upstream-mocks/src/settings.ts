// Every OBMCP_MOCK_* switch of the mocks, read here and nowhere else (at request time, so tests may flip them).
import { readFileSync } from 'node:fs';

/** A switch file's trimmed content; undefined when it is missing or empty (the switch is off). */
export function readSwitchFile(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

export const raw = (name: string): string | undefined => {
  const v = process.env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
};

/** `text` as a whole number ≥ 0; undefined when it is absent or not one. */
export const wholeNumber = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;

/** A whole number ≥ 0, or undefined when unset; a bad value is reported by checkMockSettings at preload. */
export const count = (name: string): number | undefined => wholeNumber(raw(name));

/** `<rate>/<burst>` (rate > 0, burst ≥ 1), or undefined. */
export const bucketRule = (text: string | undefined): { rate: number; burst: number } | undefined => {
  const m = /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(text ?? '');
  const rule = m ? { rate: Number(m[1]), burst: Number(m[2]) } : undefined;
  return rule && rule.rate > 0 && rule.burst >= 1 ? rule : undefined;
};

/** A number > 0, or undefined. */
export const positive = (text: string | undefined): number | undefined => {
  const n = text === undefined || !/^\d+(\.\d+)?$/.test(text) ? Number.NaN : Number(text);
  return n > 0 ? n : undefined;
};

/** The Ads bucket when OBMCP_MOCK_ADS_THROTTLE is unset (Amazon publishes no numbers; see README). */
export const ADS_DEFAULT_BUCKET = { rate: 10, burst: 10 };

/**
 * Whether a variable steers the mocks (an OBMCP_MOCK_* switch they read from the env), as opposed to one the
 * apps read themselves in mock mode (http-kit's OBMCP_MOCK_RATE_LIMIT).
 */
export const isMockSwitch = (name: string): boolean =>
  name.startsWith('OBMCP_MOCK_') && name !== 'OBMCP_MOCK_RATE_LIMIT';

export const mockSettings = {
  /**
   * OBMCP_MOCK_LATENCY_MS: every API answer waits this long (a real upstream's round trip, for bench/). With
   * OBMCP_MOCK_LATENCY_FILE the milliseconds are that file's content, read at every request, so a running
   * server's upstream turns slow between calls (bench/ warms its processes up first; a missing file: 0).
   */
  latencyMs: (): number => {
    const file = raw('OBMCP_MOCK_LATENCY_FILE');
    const text = file === undefined ? raw('OBMCP_MOCK_LATENCY_MS') : readSwitchFile(file);
    return wholeNumber(text) ?? 0;
  },
  /**
   * OBMCP_MOCK_FAULT / OBMCP_MOCK_AUTH_FAULT: the fault scenario of the API hosts / credential exchanges.
   * With OBMCP_MOCK_FAULT_FILE / OBMCP_MOCK_AUTH_FAULT_FILE the scenario is that file's content, read at
   * every request, so a test switches the fault of a running server between calls (a missing file: none).
   */
  fault: (channel: 'api' | 'auth'): string | undefined => {
    const variable = channel === 'api' ? 'OBMCP_MOCK_FAULT' : 'OBMCP_MOCK_AUTH_FAULT';
    const file = raw(`${variable}_FILE`);
    return file === undefined ? raw(variable) : readSwitchFile(file);
  },
  /** OBMCP_MOCK_SP_RATE_HEADER: `off` drops x-amzn-RateLimit-Limit; a number sends that rate everywhere. */
  spRateHeader: (): string | undefined => raw('OBMCP_MOCK_SP_RATE_HEADER'),
  /** OBMCP_MOCK_EXPIRED_TOKENS: the first n LWA tokens issued count as expired server-side. */
  expiredTokens: (): number => count('OBMCP_MOCK_EXPIRED_TOKENS') ?? 0,
  /** OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS: 200 or 202 (default) for a successful JWT exchange. */
  openbridgeAuthStatus: (): 200 | 202 => (raw('OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS') === '200' ? 200 : 202),
  /** OBMCP_MOCK_OPENBRIDGE_JWT_TTL: lifetime of a mock JWT in seconds (default 3600). */
  openbridgeJwtTtlSeconds: (): number => {
    const ttl = count('OBMCP_MOCK_OPENBRIDGE_JWT_TTL');
    return ttl !== undefined && ttl > 0 ? ttl : 3600;
  },
  /**
   * OBMCP_MOCK_OPENBRIDGE_FAULT: an Openbridge-only fault. `rules_search_timeout`: a Rules API search whose
   * result set is large (service-rules-api.md: "may time out in cases where result sets are too large")
   * answers the API Gateway's 504; narrow searches still answer.
   */
  openbridgeFault: (): string | undefined => {
    const v = raw('OBMCP_MOCK_OPENBRIDGE_FAULT');
    return v === 'none' ? undefined : v;
  },
  /** OBMCP_MOCK_WARNING=1: every API answer carries a Warning header (faults included). */
  warningOnEveryAnswer: (): boolean => raw('OBMCP_MOCK_WARNING') === '1',
  /**
   * OBMCP_MOCK_THROTTLE=documented: SP and Ads operations enforce their token buckets and answer 429 as each
   * API does (off by default, so functional tests never wait for a bucket).
   */
  throttle: (): boolean => raw('OBMCP_MOCK_THROTTLE') === 'documented',
  /**
   * OBMCP_MOCK_RATE_SCALE: every documented rate × this factor (buckets and the SP rate header; the servers'
   * limiters read the same variable in mock mode), so a job at the rate-limit bound runs in minutes.
   */
  rateScale: (): number => positive(raw('OBMCP_MOCK_RATE_SCALE')) ?? 1,
  /** OBMCP_MOCK_ADS_THROTTLE=<rate>/<burst>: the Ads bucket per operation and profile (default 10/10). */
  adsBucket: (): { rate: number; burst: number } =>
    bucketRule(raw('OBMCP_MOCK_ADS_THROTTLE')) ?? ADS_DEFAULT_BUCKET,
  /**
   * OBMCP_MOCK_SP_REPORT_MS: how long an SP report takes: IN_QUEUE for the first quarter, IN_PROGRESS until
   * then, DONE after (default 0: DONE on the first poll).
   */
  spReportMs: (): number => count('OBMCP_MOCK_SP_REPORT_MS') ?? 0,
  /**
   * OBMCP_MOCK_SP_FEED_QUEUED_POLLS: getFeed answers that still show a new feed IN_QUEUE (default 1); a
   * large number keeps it IN_QUEUE (the status in which cancelFeed cancels it).
   */
  spFeedQueuedPolls: (): number => count('OBMCP_MOCK_SP_FEED_QUEUED_POLLS') ?? 1,
  /**
   * OBMCP_MOCK_ADS_JOB_MS: how long an Ads export or snapshot takes after its creation: its first status read
   * shows it in progress (PROCESSING / IN_PROGRESS), later reads once this much time has passed show it done
   * (default 0: done on the second read).
   */
  adsJobMs: (): number => count('OBMCP_MOCK_ADS_JOB_MS') ?? 0,
  /**
   * OBMCP_MOCK_ADS_JOB_OUTCOME=failed: Ads exports and snapshots created while it is set end FAILED / FAILURE
   * (the API's documented error fields) instead of COMPLETED / SUCCESS.
   */
  adsJobFails: (): boolean => raw('OBMCP_MOCK_ADS_JOB_OUTCOME') === 'failed',
  /** OBMCP_MOCK_SP_ORDERS=<n>: getOrders lists n generated orders after the fixture's (default 0). */
  spOrders: (): number => count('OBMCP_MOCK_SP_ORDERS') ?? 0,
  /**
   * OBMCP_MOCK_ADS_REPORT_POLLS: getReport answers before a Reporting v3 report is COMPLETED (default 2:
   * PENDING, PROCESSING, then COMPLETED); a large number keeps it PROCESSING (a wait to cancel).
   */
  adsReportPolls: (): number => count('OBMCP_MOCK_ADS_REPORT_POLLS') ?? 2,
  /**
   * OBMCP_MOCK_ADS_REPORT_PENDING_POLLS: getReport answers that still show a new report PENDING (default 1);
   * a large number keeps it PENDING (the status in which deleteAsyncReport cancels it).
   */
  adsReportPendingPolls: (): number => count('OBMCP_MOCK_ADS_REPORT_PENDING_POLLS') ?? 1,
  /**
   * OBMCP_MOCK_AMC_POLLS: getWorkflowExecution answers before an AMC execution ends (default 2: PENDING,
   * RUNNING); a large number keeps it RUNNING (a wait to cancel).
   */
  amcPolls: (): number => count('OBMCP_MOCK_AMC_POLLS') ?? 2,
  /** OBMCP_MOCK_REQUEST_LOG: a file; every API request the mocks receive is appended as one JSON line. */
  requestLog: (): string | undefined => raw('OBMCP_MOCK_REQUEST_LOG'),
};
