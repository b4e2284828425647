// startupExit: start a built app with stdin closed and report how its startup ended (exit code, stderr lines).
import { spawnSync } from 'node:child_process';
import { type AppName, appEntry, MOCKS_PRELOAD, REPO_ROOT } from './paths.js';

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

/** Env on top of PATH only; `mocks` (default true) loads the msw preload, which also sets dummy credentials. */
export function startupExit(
  app: AppName,
  env: Record<string, string>,
  mocks = true,
  options: StartupOptions = {},
): StartupExit {
  const preloads = [...(options.imports ?? []), ...(mocks ? [MOCKS_PRELOAD] : [])];
  const args = [...preloads.flatMap((p) => ['--import', p]), appEntry(app), ...(options.args ?? [])];
  const res = spawnSync(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: REPO_ROOT,
    input: '',
    encoding: 'utf8',
    timeout: 100_000,
  });
  return {
    status: res.status,
    stdout: res.stdout,
    stderrLines: res.stderr.split('\n').filter((line) => line.trim() !== ''),
  };
}
