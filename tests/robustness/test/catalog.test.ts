// The default tool catalog of each server (no write or credential tools unless enabled) vs the committed snapshot.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listToolsInProcess } from '../src/in-process.js';
import { APPS, type AppName } from '../src/servers.js';

const SNAPSHOT = new URL('./catalog.snapshot.json', import.meta.url);
const UPDATE = process.env.OBMCP_UPDATE_SNAPSHOT === '1';
/** The opt-in flags of each app (writes, privileged/credential tools). */
const FLAGS: Record<AppName, Record<string, string>> = {
  'sp-mcp': { SP_API_ENABLE_WRITES: 'true' },
  'ads-mcp': { ADS_API_ENABLE_WRITES: 'true' },
  'openbridge-mcp': { OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' },
};
type Snapshot = Record<AppName, { default: string[]; enabledOnly: string[] }>;

async function names(
  app: AppName,
  env: Record<string, string>,
): Promise<{ name: string; readOnly: boolean }[]> {
  const tools = await listToolsInProcess(app, env);
  return tools
    .map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint === true }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('default tool catalog', () => {
  it('matches the snapshot; flags only add tools', async () => {
    const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot;
    const actual = {} as Snapshot;
    await Promise.all(
      APPS.map(async (app) => {
        const [plain, enabled] = await Promise.all([names(app, {}), names(app, FLAGS[app])]);
        const base = new Set(plain.map((t) => t.name));
        actual[app] = {
          default: [...base],
          enabledOnly: enabled.map((t) => t.name).filter((n) => !base.has(n)),
        };
        // Credential-returning tools never ship by default.
        expect(
          [...base].filter((n) => /token|credential|secret|password/i.test(n)),
          app,
        ).toEqual([]);
        // Everything a flag adds is a write or privileged (not read-only) tool.
        for (const t of enabled.filter((x) => !base.has(x.name)))
          expect(t.readOnly && !/token/.test(t.name), `${app}/${t.name}`).toBe(false);
        for (const n of base)
          expect(
            enabled.map((t) => t.name),
            `${app}: a flag removed ${n}`,
          ).toContain(n);
      }),
    );
    const ordered = Object.fromEntries(APPS.map((app) => [app, actual[app]]));
    if (UPDATE) writeFileSync(SNAPSHOT, `${JSON.stringify(ordered, null, 2)}\n`);
    expect(actual).toEqual(snapshot);
  });
});

describe('tool annotations', () => {
  it.each(APPS)('%s: every tool (writes included) states all four hints, consistently', async (app) => {
    const tools = await listToolsInProcess(app, FLAGS[app]);
    for (const t of tools) {
      const a = t.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
        expect(typeof a[hint], `${app}/${t.name}.${hint}`).toBe('boolean');
      // A read changes nothing: never destructive. Only the credential issuer may be a non-idempotent read.
      if (a.readOnlyHint) {
        expect(a.destructiveHint, `${app}/${t.name}`).toBe(false);
        if (!/token/.test(t.name)) expect(a.idempotentHint, `${app}/${t.name}`).toBe(true);
      }
    }
  });
});
