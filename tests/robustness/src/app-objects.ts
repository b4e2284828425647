// The three apps as their packages export them (imported by name, so the built library), loaded on first use.
import type { AppName, TestApp } from '@obmcp/test-kit';

const LOADERS: Record<AppName, () => Promise<TestApp>> = {
  'sp-mcp': async () => {
    const { app } = await import('@obmcp/sp-mcp');
    return app;
  },
  'ads-mcp': async () => {
    const { app } = await import('@obmcp/ads-mcp');
    return app;
  },
  'openbridge-mcp': async () => {
    const { app } = await import('@obmcp/openbridge-mcp');
    return app;
  },
};

/** The app object of `name` (what startInProcess takes). */
export function appObject(name: AppName): Promise<TestApp> {
  return LOADERS[name]();
}
