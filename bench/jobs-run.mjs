// `pnpm bench:jobs`: whole jobs at Amazon's documented rate limits (scaled) → the jobs section of RESULTS.md.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { runJobs } from './jobs/jobs.mjs';
import { renderJobs, verdicts } from './jobs/report.mjs';
import { writeSection } from './results-section.mjs';

const started = new Date();
const load = loadavg()[0].toFixed(1);
const results = await runJobs();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const meta = `Run ${started.toISOString()} at ${commit}, Node ${process.version}, ${cpus().length} cores, 1-minute load average ${load} at the start (a shared machine).`;
const markdown = renderJobs(results, meta);
writeSection('jobs', markdown);
console.log(markdown);
const missed = results.jobs.filter((job) => {
  const v = verdicts(job);
  return !v.clean || !v.noFasterThanBound;
});
if (missed.length > 0) process.exitCode = 1;
