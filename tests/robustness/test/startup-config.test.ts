// Startup configuration over real processes, for each server: a bad value is one stderr line naming variable and value, exit 2.
// Each case is its own process (the exit code is what is tested); they run concurrently, each mostly loading modules.
import { type AppName, startupExit } from '@obmcp/test-kit';
import { dummyCredentialEnv } from '@obmcp/upstream-mocks';
import { describe, expect, it } from 'vitest';

/**
 * A start refused by its config never reaches an upstream, so those cases skip the msw preload (about half of
 * such a process's start-up) and get in the env what the preload would have put there: mock mode and the
 * dummy credentials, so the bad variable is the only problem. Starts that serve keep the preload.
 */
const refused = (app: AppName, env: Record<string, string>) =>
  startupExit(app, { ...dummyCredentialEnv(), OBMCP_MOCK: '1', ...env }, false);

/** [app, variable, bad value, the rest of the line after "<app>: "] */
const BAD: Array<[AppName, string, string, string]> = [
  ['sp-mcp', 'SP_API_ENABLE_WRITES', 'yes', 'must be true, false, 1 or 0 (got "yes")'],
  ['sp-mcp', 'SP_API_TIMEOUT_MS', 'soon', 'must be an integer from 100 to 300000 (got "soon")'],
  [
    'sp-mcp',
    'SP_API_REGION',
    'mars',
    'must be one of na, eu, fe or an alias such as europe or japan (got "mars")',
  ],
  ['ads-mcp', 'ADS_API_ENABLE_WRITES', 'maybe', 'must be true, false, 1 or 0 (got "maybe")'],
  [
    'ads-mcp',
    'ADS_API_PROFILE_ID',
    'abc',
    `must be an integer from 1 to ${Number.MAX_SAFE_INTEGER} (got "abc")`,
  ],
  ['ads-mcp', 'ADS_API_REGION', 'mars', 'must be one of na, eu, fe (got "mars")'],
  [
    'openbridge-mcp',
    'OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS',
    'ture',
    'must be true, false, 1 or 0 (got "ture")',
  ],
  ['openbridge-mcp', 'OPENBRIDGE_TIMEOUT_MS', '5', 'must be an integer from 100 to 300000 (got "5")'],
  ['openbridge-mcp', 'OPENBRIDGE_AUTH_BASE_URL', 'ftp://x', 'must be an http(s) URL (got "ftp://x")'],
  // A proxy password in a bad URL is never echoed.
  ['sp-mcp', 'SP_API_ENDPOINT', 'ftp://u:CANARY-PW@proxy', 'must be an http(s) URL (got "ftp://***@proxy")'],
  ['ads-mcp', 'CODE_MODE', 'sometimes', 'must be one of on, only, off (got "sometimes"); unset means on'],
];
const SHARED: Array<[string, string, string]> = [
  ['OBMCP_LOG_LEVEL', 'loud', 'must be one of debug, info, warn, error (got "loud")'],
  ['MCP_STRICT_UNKNOWN_FIELDS', 'nope', 'must be true, false, 1 or 0 (got "nope")'],
];
const APPS: AppName[] = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'];
const CASES = [...BAD, ...APPS.flatMap((app) => SHARED.map(([n, v, r]) => [app, n, v, r] as const))];
const LEGACY_LOG_LEVEL: Record<AppName, string> = {
  'sp-mcp': 'SP_API_LOG_LEVEL',
  'ads-mcp': 'MCP_LOG_LEVEL',
  'openbridge-mcp': 'OPENBRIDGE_LOG_LEVEL',
};

describe.concurrent('a bad setting stops startup with one clear line', () => {
  it.each(CASES)('%s: %s=%s → exit 2', async (app, name, value, rest) => {
    const run = await refused(app, { [name]: value });
    expect(run.status).toBe(2);
    expect(run.stderrLines).toEqual([`${app}: ${name} ${rest}. See the ${app} README (Configuration).`]);
    expect(run.stdout).toBe('');
  });

  it('a malformed Openbridge refresh token is refused without echoing it', async () => {
    const run = await refused('openbridge-mcp', { OPENBRIDGE_REFRESH_TOKEN: 'no-colon-secret' });
    expect(run.status).toBe(2);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(/OPENBRIDGE_REFRESH_TOKEN must have the form key:secret/);
    expect(run.stderrLines[0]).not.toContain('no-colon-secret');
  });
});

describe.concurrent('OBMCP_LOG_LEVEL on every server; the old names still work for one release, with a warning', () => {
  // level error: the ready line (info) is not logged, so a warning would be the only line
  it.each(APPS)('%s: the old name warns once', async (app) => {
    const legacy = LEGACY_LOG_LEVEL[app];
    const old = await startupExit(app, { [legacy]: 'error' });
    expect(old.status).toBe(0);
    expect(old.stderrLines).toEqual([
      `${app}: warning: ${legacy} is deprecated, use OBMCP_LOG_LEVEL (the old name stops working in the next release)`,
    ]);
  });

  it.each(APPS)('%s: OBMCP_LOG_LEVEL is quiet', async (app) => {
    const current = await startupExit(app, { OBMCP_LOG_LEVEL: 'error' });
    expect(current.status).toBe(0);
    expect(current.stderrLines).toEqual([]);
  });
});

describe('the mocks preload checks its own switches', () => {
  it('OBMCP_MOCK_FAULT with an unknown scenario stops startup (not a strange 500 later)', async () => {
    const run = await startupExit('sp-mcp', { OBMCP_MOCK_FAULT: 'http_999' });
    expect(run.status).toBe(2);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(
      /^upstream-mocks: OBMCP_MOCK_FAULT must be none or one of .* \(got "http_999"\)$/,
    );
  });
});
