// One Chromium and one view host per app for a test file: started before its tests, closed after them.
import type { AppName } from '@obmcp/test-kit';
import { afterAll, beforeAll } from 'vitest';
import { VIEW_APP_ENV } from './apps.js';
import { launchChromium, type RunningBrowser } from './browser.js';
import { openViewHost, type ViewHost } from './view-host.js';

export interface ViewHosts {
  /** The app's host (its server started under the mocks). */
  hostOf(app: AppName): ViewHost;
  /**
   * The app's host, its tab brought to the front: each app's host is a tab of its own, and Chromium runs no
   * animation frames in a background tab, so a view there would not repaint after a click (or paint for a screenshot).
   */
  front(app: AppName): Promise<ViewHost>;
}

/** Registers the calling test file's beforeAll/afterAll for the three apps' hosts. */
export function useViewHosts(): ViewHosts {
  let browser: RunningBrowser | undefined;
  const hosts = new Map<AppName, ViewHost>();
  beforeAll(async () => {
    browser = await launchChromium();
    for (const app of ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const)
      hosts.set(app, await openViewHost(browser.context, app, VIEW_APP_ENV[app]));
  });
  afterAll(async () => {
    for (const host of hosts.values()) await host.close();
    await browser?.close();
  });
  const hostOf = (app: AppName): ViewHost => {
    const host = hosts.get(app);
    if (!host) throw new Error(`${app} host did not start`);
    return host;
  };
  return {
    hostOf,
    front: async (app) => {
      const host = hostOf(app);
      await host.page.bringToFront();
      return host;
    },
  };
}
