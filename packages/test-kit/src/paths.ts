// Where the built servers and the mocks preload live, relative to this package.
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MOCKS_PRELOAD = fileURLToPath(new URL('../../upstream-mocks/dist/register.js', import.meta.url));

export const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const;
export type AppName = (typeof APPS)[number];

export function appEntry(app: AppName): string {
  return fileURLToPath(new URL(`../../../apps/${app}/dist/index.js`, import.meta.url));
}
