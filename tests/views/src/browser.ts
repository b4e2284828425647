// The system Chromium (Debian's /usr/bin/chromium) driven by playwright-core: headless, no network, fresh profile.
import { CHROMIUM, CHROMIUM_ARGS } from '@obmcp/test-kit';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export interface RunningBrowser {
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}

/** Fails loudly (never skips) when the browser is missing: .ci/run installs it. */
export async function launchChromium(): Promise<RunningBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (see .ci/run)`);
  const profile = mkdtempSync(join(tmpdir(), 'obmcp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 940, height: 900 },
    args: [...CHROMIUM_ARGS],
  });
  const browser = context.browser();
  if (!browser) {
    // A persistent context has no separate Browser object; every page comes from `context`.
  }
  return {
    browser: browser as Browser,
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
