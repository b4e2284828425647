// The Debian Chromium the browser tests drive (playwright-core launches it): where it is and the flags it runs with.

/** The browser binary (.ci/run installs Debian's chromium); OBMCP_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.OBMCP_CHROMIUM ?? '/usr/bin/chromium';

/** No sandbox (CI runs as root), no GPU, and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
