// The servers the official suite runs against: the contract example now, each app once it has landed.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MOCKS_PRELOAD = `${ROOT}packages/upstream-mocks/dist/register.js`;

export interface Target {
  name: string;
  /** node arguments before `--http --port 0`. */
  args: string[];
  /** Why the target is not run (app source not there yet); undefined = run it. */
  skip?: string;
}

const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const;

export function targets(): Target[] {
  const list: Target[] = [
    { name: 'contract-example', args: [`${ROOT}packages/mcp-server/dist/example/conformance-server.js`] },
  ];
  for (const app of APPS) {
    const entry = `${ROOT}apps/${app}/dist/bin.js`;
    const target: Target = { name: app, args: ['--import', MOCKS_PRELOAD, entry] };
    // An app whose bin source is missing has not landed yet; one with source but no dist is a build failure.
    if (!existsSync(`${ROOT}apps/${app}/src/bin.ts`)) target.skip = 'apps/<app>/src/bin.ts not there yet';
    list.push(target);
  }
  return list;
}
