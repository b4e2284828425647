// The servers under test (three apps, or any entry) and how to spawn one raw, with canary env and mocks.
import { existsSync } from 'node:fs';
import { APPS, type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from '@obmcp/test-kit';
import { CANARY_ENV } from './canaries.js';
import { RawServer } from './raw-stdio.js';

export { APPS, type AppName };

/** Per-app env under the mocks (Ads: profile-scoped tools need an active profile). */
export const APP_ENV: Record<AppName, Record<string, string>> = {
  'sp-mcp': {},
  'ads-mcp': { ADS_API_PROFILE_ID: '1111111111' },
  'openbridge-mcp': {},
};

/** Fails loudly (never skips) when an app has not been built. */
export function requireBuilt(app: AppName): string {
  const entry = appEntry(app);
  if (!existsSync(entry)) throw new Error(`${app} is not built (${entry} missing): run pnpm build first`);
  return entry;
}

export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const v = process.env[key];
    if (v !== undefined) env[key] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  /** Extra node flags (e.g. --max-old-space-size). */
  nodeArgs?: string[];
  initialize?: boolean;
}

/** Spawns `node --import <mocks> apps/<app>/dist/bin.js` with canary credentials and initializes it. */
export async function spawnApp(app: AppName, options: SpawnOptions = {}): Promise<RawServer> {
  const entry = requireBuilt(app);
  return spawnEntry(entry, { ...options, env: { ...APP_ENV[app], ...options.env } });
}

export async function spawnEntry(entry: string, options: SpawnOptions = {}): Promise<RawServer> {
  const server = new RawServer({
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), '--import', MOCKS_PRELOAD, entry],
    env: baseEnv({ ...CANARY_ENV, ...options.env }),
    cwd: REPO_ROOT,
  });
  if (options.initialize !== false) {
    const init = await server.initialize();
    if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init).slice(0, 500)}`);
  }
  return server;
}
