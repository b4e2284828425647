// `pnpm bench`: stdio latency obmcp vs two bare SDK baselines (interleaved), phases, contract cost, cold start → RESULTS.md.
import { writeFileSync } from 'node:fs';
import { contractCost } from './contract-cost.mjs';
import { latency, PAIRS } from './latency.mjs';
import { coldStart, phasesOf } from './phases.mjs';
import { render } from './report.mjs';
import { readSection } from './results-section.mjs';
import { renderToolsets, toolsets } from './toolsets.mjs';

const t0 = Date.now();
const lat = await latency();
const phases = {};
for (const p of PAIRS) phases[p.label] = await phasesOf(p);
const cost = await contractCost();
const cold = {};
for (const n of ['server', 'mcp', 'sp-mcp', 'ads-mcp', 'openbridge-mcp']) cold[n] = await coldStart(n);
const sets = await toolsets();
const markdown = `${render({ lat, phases, cost, cold, seconds: (Date.now() - t0) / 1000 })}\n${renderToolsets(sets)}`;
// The job bench's section (\`pnpm bench:jobs\`) is kept: this run does not measure it.
const jobs = readSection('jobs');
writeFileSync(new URL('./RESULTS.md', import.meta.url), jobs ? `${markdown}\n${jobs}\n` : markdown);
console.log(markdown);
