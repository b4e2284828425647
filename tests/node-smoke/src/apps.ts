// What the smoke runs per app: its bin, and one upstream call that succeeds against the mocks.
import { fileURLToPath } from 'node:url';
import { appEntry } from '@obmcp/test-kit';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MOCKS_PRELOAD = `${ROOT}packages/upstream-mocks/dist/register.js`;

export interface SmokeApp {
  name: 'sp-mcp' | 'ads-mcp' | 'openbridge-mcp';
  /** The package's `bin` (test-kit's appEntry: the file apps/<app>/package.json `bin` names). */
  bin: string;
  tool: string;
  args: Record<string, unknown>;
}

const app = (name: SmokeApp['name'], tool: string, args: Record<string, unknown>): SmokeApp => ({
  name,
  bin: appEntry(name),
  tool,
  args,
});

export const SMOKE_APPS: SmokeApp[] = [
  app('sp-mcp', 'get_order', { orderId: '902-3159896-1390916' }),
  app('ads-mcp', 'list_profiles', {}),
  app('openbridge-mcp', 'get_subscriptions', {}),
];

/** Node majors every server is smoked on (Node 20, the floor, is what the rest of the suite runs on). */
export const SMOKE_MAJORS = [22, 24] as const;
