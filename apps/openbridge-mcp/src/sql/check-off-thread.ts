// The SQL guard on one worker thread, fed by a fair queue: each check's budget starts when it starts, and only a check that overruns is refused.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkSql, refusedUnread, type SqlCheck } from '../tools/sql-check.js';
import type { CheckRequest } from './check-worker.js';
import { WAREHOUSES, type Warehouse } from './warehouses.js';

/** A check still running this long after it started is refused (the worker is ended and a new one takes the queue). */
export const CHECK_BUDGET_MS = 15_000;

let budgetMs = CHECK_BUDGET_MS;
/** Tests only: a shorter budget, so an overrun is seen in milliseconds (undefined restores the 15 s). */
export function setCheckBudgetForTests(ms: number | undefined): void {
  budgetMs = ms ?? CHECK_BUDGET_MS;
}

/**
 * Queue order: the cheapest check first (its text's length), each waiting millisecond worth this many characters,
 * so a short query is never stuck behind long ones and a long one is not passed over for ever.
 */
export const AGING_CHARS_PER_MS = 1;

const WORKER_FILE = new URL('./check-worker.js', import.meta.url);
/** Running from the TypeScript sources (tests) there is no compiled worker: the check then runs inline. */
const HAS_WORKER = existsSync(fileURLToPath(WORKER_FILE));

interface Job {
  request: CheckRequest;
  queuedAt: number;
  resolve: (check: SqlCheck) => void;
}

let worker: Worker | undefined;
let running: { job: Job; timer: NodeJS.Timeout } | undefined;
const queue: Job[] = [];
let nextId = 1;

/** The refusal for the check that did not finish: nothing about the query was decided, so it is not run. */
function overBudget(job: Job, why: string): SqlCheck {
  const { grammar, lexers } = WAREHOUSES[job.request.warehouse];
  return refusedUnread(
    {
      rule: 'check_budget',
      issue: `The query's check ${why}; send a shorter or simpler statement.`,
    },
    { warehouse: job.request.warehouse, grammar, lexers: lexers.map((l) => l.name) },
  );
}

/** The queued job to run next: the lowest length minus its wait (see AGING_CHARS_PER_MS). */
export function nextJobIndex(
  jobs: ReadonlyArray<{ sqlLength: number; queuedAt: number }>,
  now: number,
): number {
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  jobs.forEach((job, i) => {
    const score = job.sqlLength - (now - job.queuedAt) * AGING_CHARS_PER_MS;
    if (score < bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

/** Ends the running check with `why` (its worker is ended with it) and starts the next. */
function abandonRunning(why: string): void {
  const ended = running;
  running = undefined;
  const w = worker;
  worker = undefined;
  void w?.terminate();
  if (ended !== undefined) {
    clearTimeout(ended.timer);
    ended.job.resolve(overBudget(ended.job, why));
  }
  dispatch();
}

function startWorker(): Worker {
  const w = new Worker(WORKER_FILE);
  w.unref(); // an idle guard never keeps the process alive
  w.on('message', (msg: { id: number; check: SqlCheck }) => {
    if (running === undefined || running.job.request.id !== msg.id) return;
    const done = running;
    running = undefined;
    clearTimeout(done.timer);
    done.job.resolve(msg.check);
    dispatch();
  });
  // A crashed worker (out of memory, a grammar's stack overflow escaping) refuses the check it ran; the queue goes on.
  w.on('error', () => {
    if (worker === w) abandonRunning('ended the checker (it ran out of memory or stack)');
  });
  w.on('exit', () => {
    if (worker === w) abandonRunning('ended the checker');
  });
  return w;
}

function dispatch(): void {
  if (running !== undefined || queue.length === 0) return;
  const now = Date.now();
  const index = nextJobIndex(
    queue.map((j) => ({ sqlLength: j.request.sql.length, queuedAt: j.queuedAt })),
    now,
  );
  const [job] = queue.splice(index, 1);
  if (job === undefined) return;
  worker ??= startWorker();
  // The budget starts now, when the check starts; time spent queued is not charged to it.
  const timer = setTimeout(() => abandonRunning(`did not finish within ${budgetMs / 1000} s`), budgetMs);
  timer.unref();
  running = { job, timer };
  worker.postMessage(job.request);
}

/**
 * checkSql on the worker thread, queued fairly behind other checks. Where the compiled worker does not exist
 * (tests running the TypeScript sources), the check runs inline: same function, same answer.
 */
export function checkSqlOffThread(
  sql: string,
  warehouse: Warehouse,
  allowUnbounded: boolean,
): Promise<SqlCheck> {
  if (!HAS_WORKER) return Promise.resolve(checkSql(sql, warehouse, allowUnbounded));
  return new Promise((resolve) => {
    queue.push({ request: { id: nextId++, sql, warehouse, allowUnbounded }, queuedAt: Date.now(), resolve });
    dispatch();
  });
}
