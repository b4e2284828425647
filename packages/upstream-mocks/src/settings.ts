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
   * OBMCP_MOCK_ADS_REPORT_POLLS: getReport answers before a Reporting v3 report is COMPLETED (default 2:
   * PENDING, PROCESSING, then COMPLETED); a large number keeps it PROCESSING (a wait to cancel).
   */
  adsReportPolls: (): number => count('OBMCP_MOCK_ADS_REPORT_POLLS') ?? 2,
  /** OBMCP_MOCK_REQUEST_LOG: a file; every API request the mocks receive is appended as one JSON line. */
  requestLog: (): string | undefined => raw('OBMCP_MOCK_REQUEST_LOG'),
};
