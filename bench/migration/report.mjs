// The migration section of bench/README.md (between its HTML comment markers), rendered from one run's result.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILE = new URL('../README.md', import.meta.url);
const START = '<!-- migration:start -->';
const END = '<!-- migration:end -->';

const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : '–');
const ratio = (a, b) => `${f(a / b, 2)}×`;

export function renderMigration(r) {
  const lines = [
    `Run: ${r.date} · ${r.machine} · Node ${r.node} · ${r.seconds} s`,
    '',
    `- current: ${r.current}`,
    `- baseline: ${r.baseline}`,
    '',
  ];
  if (r.cold.length > 0) {
    lines.push(
      `Cold start to the first tools/list over stdio (spawn → initialize → tools/list answered), ${r.options.rounds} fresh processes per side, alternating:`,
      '',
      '| server | median ms current / baseline | ratio | p90 ms current / baseline |',
      '| --- | --- | --- | --- |',
      ...r.cold.map(
        (c) =>
          `| ${c.app} | ${f(c.cur.median, 0)} / ${f(c.base.median, 0)} | ${ratio(c.cur.median, c.base.median)} | ${f(c.cur.p90, 0)} / ${f(c.base.p90, 0)} |`,
      ),
      '',
    );
  }
  if (r.calls.length > 0) {
    lines.push(
      `Per-call latency over stdio (one process per side, ${r.options.warmup} warm-up rounds, then ${r.options.calls} rounds calling both sides, first side rotating):`,
      '',
      '| server · tool | median ms current / baseline | ratio | p99 ms current / baseline | server CPU µs/call current / baseline |',
      '| --- | --- | --- | --- | --- |',
      ...r.calls.map(
        (c) =>
          `| ${c.app} · ${c.tool} | ${f(c.cur.median)} / ${f(c.base.median)} | ${ratio(c.cur.median, c.base.median)} | ${f(c.cur.p99)} / ${f(c.base.p99)} | ${f(c.cur.cpuUsPerCall, 0)} / ${f(c.base.cpuUsPerCall, 0)} |`,
      ),
      '',
    );
  }
  if (r.throughput.length > 0) {
    const one = r.throughput.find((t) => t.replicas === 1);
    lines.push(
      `HTTP throughput of the current build, ${r.options.tpApp} · ${r.options.tpApp === 'ads-mcp' ? 'list_profiles' : ''}, replicas sharing one Redis behind haproxy (round robin, no stickiness), ${r.options.concurrency} concurrent closed-loop clients in this process for ${r.options.seconds} s after a warm-up:`,
      '',
      '| replicas | requests/s | vs one replica | median ms | p99 ms | errors |',
      '| --- | --- | --- | --- | --- | --- |',
      ...r.throughput.map(
        (t) =>
          `| ${t.replicas} | ${f(t.rps, 0)} | ${one ? ratio(t.rps, one.rps) : '–'} | ${f(t.median)} | ${f(t.p99)} | ${t.errors} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

export function writeMigrationSection(result) {
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const block = `${START}\n${renderMigration(result).trim()}\n${END}`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + END.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, next);
  // The repo's formatter pads the tables; run it so that `pnpm run lint` stays green after a bench run.
  const biome = fileURLToPath(new URL('../../node_modules/.bin/biome', import.meta.url));
  spawnSync(biome, ['format', '--write', fileURLToPath(FILE)], { stdio: 'ignore' });
}
