// Drives every fuzz target of one server with generated argument texts; pings after each batch; counts.
import fc from 'fast-check';
import { findCanaries } from '../canaries.js';
import type { RawServer } from '../raw-stdio.js';
import { argsText } from './args.js';
import { checkCallAnswer } from './check.js';
import { emptyStats, type FuzzStats, record } from './stats.js';
import { fuzzTargets, type ListedTool } from './tool-selection.js';

export interface FuzzOptions {
  name: string;
  casesPerTool: number;
  seed: number;
  /** Calls in flight at once. */
  concurrency?: number;
  /** Cases between liveness probes. */
  batch?: number;
  callTimeoutMs?: number;
  /** Respawns a crashed server (long runs keep going and count the crash); absent → stop at the first. */
  respawn?: () => Promise<RawServer>;
  onProgress?: (stats: FuzzStats) => void;
}

export async function listTools(server: RawServer): Promise<ListedTool[]> {
  const answer = await server.request('tools/list', {});
  const tools = answer.result?.tools;
  if (!Array.isArray(tools)) throw new Error(`tools/list failed: ${JSON.stringify(answer).slice(0, 300)}`);
  return tools as ListedTool[];
}

/** ping must answer `{}` within 5 s and the process must still run. */
export async function alive(server: RawServer): Promise<boolean> {
  if (!server.alive) return false;
  try {
    const pong = await server.request('ping', undefined, 5_000);
    return pong.result !== undefined && Object.keys(pong.result).length === 0;
  } catch {
    return false;
  }
}

export async function fuzzServer(
  first: RawServer,
  options: FuzzOptions,
): Promise<{ stats: FuzzStats; server: RawServer }> {
  const stats = emptyStats(options.name);
  const started = Date.now();
  let server = first;
  const targets = fuzzTargets(await listTools(server));
  const perTool = targets.map((tool, i) =>
    fc
      .sample(argsText(tool), { numRuns: options.casesPerTool, seed: options.seed + i })
      .map((args) => ({ tool: tool.name, args })),
  );
  // Round-robin over tools so every batch mixes handlers.
  const cases: { tool: string; args: string }[] = [];
  for (let k = 0; k < options.casesPerTool; k++)
    for (const list of perTool) if (list[k]) cases.push(list[k]!);
  const concurrency = options.concurrency ?? 8;
  const batch = options.batch ?? 50;
  for (let start = 0; start < cases.length; start += batch) {
    const slice = cases.slice(start, start + batch);
    for (let i = 0; i < slice.length; i += concurrency) {
      await Promise.all(
        slice.slice(i, i + concurrency).map(async ({ tool, args }) => {
          try {
            const answer = await server.callToolText(tool, args, options.callTimeoutMs ?? 20_000);
            record(stats, tool, args, checkCallAnswer(answer));
          } catch (error) {
            record(stats, tool, args, { kind: 'violation', problem: (error as Error).message });
          }
        }),
      );
    }
    if (!(await alive(server))) {
      stats.crashes += 1;
      const lastArgs = slice.map((c) => `${c.tool} ${c.args.slice(0, 300)}`).join('\n');
      stats.violations.push({
        tool: '(process)',
        problem: `server died or stopped answering ping; exit ${JSON.stringify(await Promise.race([server.exited, Promise.resolve('running')]))}`,
        args: lastArgs,
      });
      if (!options.respawn) break;
      server = await options.respawn();
    }
    options.onProgress?.(stats);
  }
  for (const line of server.stderrLines) {
    const leaks = findCanaries(line);
    if (leaks.length > 0) stats.violations.push({ tool: '(stderr)', problem: leaks.join('; '), args: '' });
  }
  for (const line of server.foreignLines.slice(0, 3))
    stats.violations.push({
      tool: '(stdout)',
      problem: `non-JSON-RPC stdout line: ${line.slice(0, 200)}`,
      args: '',
    });
  stats.ms = Date.now() - started;
  return { stats, server };
}
