// startupExit: start a built app with stdin closed and report how its startup ended (exit code, stderr lines).
import { type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from './paths.js';
import { runCommand } from './run-node.js';
import type { TestApp } from './test-app.js';

export interface StartupExit {
  status: number | null;
  stdout: string;
  /** Non-empty stderr lines. */
  stderrLines: string[];
}

export interface StartupOptions {
  /** Command-line arguments after the bin. */
  args?: readonly string[];
  /** Modules to preload with `--import` before the bin (besides the mocks). */
  imports?: readonly string[];
}

/**
 * Env on top of PATH only; `mocks` (default true) loads the msw preload, which also sets dummy credentials.
 * Asynchronous, so a test file may run several startups at once (each is a process that mostly loads modules).
 */
export async function startupExit(
  app: AppName | TestApp,
  env: Record<string, string>,
  mocks = true,
  options: StartupOptions = {},
): Promise<StartupExit> {
  const preloads = [...(options.imports ?? []), ...(mocks ? [MOCKS_PRELOAD] : [])];
  const args = [
    ...preloads.flatMap((p) => ['--import', p]),
    appEntry(typeof app === 'string' ? app : app.name),
    ...(options.args ?? []),
  ];
  const res = await runCommand(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: REPO_ROOT,
    timeoutMs: 100_000,
  });
  return {
    status: res.code,
    stdout: res.stdout,
    stderrLines: res.stderr.split('\n').filter((line) => line.trim() !== ''),
  };
}
