// Where the built servers and the mocks preload live: an app's bin is what its package.json `bin` names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MOCKS_PRELOAD = fileURLToPath(new URL('../../upstream-mocks/dist/register.js', import.meta.url));

export const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const;
export type AppName = (typeof APPS)[number];

const bins = new Map<string, string>();

/** The file the workspace package whose package.json `bin` has `app` runs (built: `apps/<dir>/dist/bin.js`). */
export function appEntry(app: AppName | string): string {
  const known = bins.get(app);
  if (known !== undefined) return known;
  const appsDir = join(REPO_ROOT, 'apps');
  for (const dir of readdirSync(appsDir)) {
    let manifest: { bin?: Record<string, string> };
    try {
      manifest = JSON.parse(readFileSync(join(appsDir, dir, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      continue;
    }
    const bin = manifest.bin?.[app];
    if (bin === undefined) continue;
    const file = join(appsDir, dir, bin);
    bins.set(app, file);
    return file;
  }
  throw new Error(`no package under apps/ has a bin named ${app}`);
}
