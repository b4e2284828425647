// The default tool catalog of each server: no write or credential tools unless enabled; flags only add tools.
// (The names and shapes agents see are committed per app in apps/<app>/generated/tools/, checked by each app's tests.)
import { describe, expect, it } from 'vitest';
import { listToolsInProcess } from '../src/in-process.js';
import { APPS, type AppName } from '../src/servers.js';

/** The opt-in flags of each app (writes, privileged/credential tools). */
const FLAGS: Record<AppName, Record<string, string>> = {
  'sp-mcp': { SP_API_ENABLE_WRITES: 'true' },
  'ads-mcp': { ADS_API_ENABLE_WRITES: 'true' },
  'openbridge-mcp': { OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' },
};

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
  it('has no credential tool by default; flags only add write or privileged tools', async () => {
    await Promise.all(
      APPS.map(async (app) => {
        const [plain, enabled] = await Promise.all([names(app, {}), names(app, FLAGS[app])]);
        const base = new Set(plain.map((t) => t.name));
        expect(base.size, app).toBeGreaterThan(0);
        expect(enabled.length, `${app}: the flags add tools`).toBeGreaterThan(base.size);
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
