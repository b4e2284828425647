// The three apps under test: profile facts, env for the mocks, and whether each one is built.
import { existsSync } from 'node:fs';
import { APPS, type AppName, appEntry } from '@obmcp/test-kit';

/**
 * Every suite call's timeout. Servers start cold (each validator compiles on its tool's first call) on a
 * 2-core machine shared with other suites and servers, where a call may queue a while; a server that hangs
 * still fails, and every answer is still judged in full.
 */
export const CALL_TIMEOUT_MS = 120_000;

export interface AppProfile {
  app: AppName;
  prefix: 'SP_API' | 'ADS_API' | 'OPENBRIDGE';
  httpKind: 'sp_api_http' | 'ads_api_http';
  clientKind: 'sp_api_client' | 'ads_api_client';
  /** Env var of the upstream timeout (set short for the `timeout` scenario). */
  timeoutEnv: string;
  /** Retry-After the real API always sends on 429 (Openbridge: 60), if any. */
  retryAfterOn429?: number;
  /** Fault scenarios whose mock response carries rate-limit headers (→ `_meta.rate_limit` allowed). */
  rateLimitHeaders: readonly string[];
  /** Extra env every server of this app needs under the mocks (and the roomy upstream timeout). */
  env: Record<string, string>;
}

/**
 * Every server's upstream timeout, instead of the mock-mode default (2 s). The mocks load an API's spec
 * synchronously on its first request, and every in-process server shares this thread: on a loaded machine that
 * block can outlast the deadline of every call in flight. Only the `timeout` scenario is about timeouts (400 ms).
 */
const ROOMY_TIMEOUT_MS = '30000';

export const PROFILES: Record<AppName, AppProfile> = {
  'sp-mcp': {
    app: 'sp-mcp',
    prefix: 'SP_API',
    httpKind: 'sp_api_http',
    clientKind: 'sp_api_client',
    timeoutEnv: 'SP_API_TIMEOUT_MS',
    // SP-API sends x-amzn-RateLimit-Limit on 2xx/400/404 (packages/upstream-mocks/src/sp/respond.ts).
    rateLimitHeaders: ['http_404', 'warning_header'],
    env: { SP_API_TIMEOUT_MS: ROOMY_TIMEOUT_MS },
  },
  'ads-mcp': {
    app: 'ads-mcp',
    prefix: 'ADS_API',
    httpKind: 'ads_api_http',
    clientKind: 'ads_api_client',
    timeoutEnv: 'ADS_API_TIMEOUT_MS',
    rateLimitHeaders: ['warning_header'],
    // Profile-scoped tools need an active profile: the first mock NA profile (upstream-mocks ads/profiles.ts).
    env: { ADS_API_PROFILE_ID: '1111111111', ADS_API_TIMEOUT_MS: ROOMY_TIMEOUT_MS },
  },
  'openbridge-mcp': {
    app: 'openbridge-mcp',
    prefix: 'OPENBRIDGE',
    httpKind: 'sp_api_http',
    clientKind: 'sp_api_client',
    timeoutEnv: 'OPENBRIDGE_TIMEOUT_MS',
    retryAfterOn429: 60,
    rateLimitHeaders: ['warning_header'],
    // execute_query is gated (the reference's OPENBRIDGE_ENABLE_QUERY_EXECUTION): list it so every check covers it.
    env: { OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'true', OPENBRIDGE_TIMEOUT_MS: ROOMY_TIMEOUT_MS },
  },
};

/** OBMCP_CONFORMANCE_APPS=sp-mcp,ads-mcp narrows the run while developing (default: all three). */
const only = process.env.OBMCP_CONFORMANCE_APPS?.split(',').map((s) => s.trim());
export const ALL_APPS: readonly AppName[] = only ? APPS.filter((a) => only.includes(a)) : APPS;

export const isBuilt = (app: AppName) => existsSync(appEntry(app));

/** Missing apps fail the suite in CI (or when asked); otherwise they are skipped with a warning. */
export const REQUIRE_APPS = Boolean(process.env.CI) || process.env.OBMCP_CONFORMANCE_REQUIRE_APPS === '1';
