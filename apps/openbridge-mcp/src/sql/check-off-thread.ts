// The SQL guard on one worker thread, fed by a fair queue: each check's budget starts when it starts, and only a check that overruns is refused.
import { randomUUID } from 'node:crypto';
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

const BUILT_WORKER = new URL('./check-worker.js', import.meta.url);
/** Running from the TypeScript sources (tests) there is no compiled worker: the check then runs inline. */
let workerFile: URL | undefined = existsSync(fileURLToPath(BUILT_WORKER)) ? BUILT_WORKER : undefined;

/**
 * Tests only, between checks: the worker file the next checks run on (a test importing the sources hands in the
 * built one), or undefined to check inline. The previous file's idle worker is ended.
 */
export function setCheckWorkerForTests(file: URL | undefined): void {
  workerFile = file;
  void worker?.terminate();
  worker = undefined;
}

interface Job {
  /** The worker file this check runs on. */
  file: URL;
  request: CheckRequest;
  queuedAt: number;
  resolve: (check: SqlCheck) => void;
}

let worker: Worker | undefined;
let running: { job: Job; timer: NodeJS.Timeout } | undefined;
const queue: Job[] = [];

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

/**
 * The queued job to run next: the cheapest check first (its text's length), each waiting millisecond worth one
 * character, so a short query is never stuck behind long ones and a long one is not passed over for ever.
 */
export function nextJobIndex(
  jobs: ReadonlyArray<{ sqlLength: number; queuedAt: number }>,
  now: number,
): number {
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  jobs.forEach((job, i) => {
    const score = job.sqlLength - (now - job.queuedAt);
    if (score < bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

/** Ends worker `w` and the check running on it (refused with `why`), if any, and starts the next. */
function abandon(w: Worker, why: string): void {
  const ended = running;
  running = undefined;
  worker = undefined;
  void w.terminate();
  if (ended !== undefined) {
    clearTimeout(ended.timer);
    ended.job.resolve(overBudget(ended.job, why));
  }
  dispatch();
}

function startWorker(file: URL): Worker {
  const w = new Worker(file);
  w.unref(); // an idle guard never keeps the process alive
  w.on('message', (msg: { id: string; check: SqlCheck }) => {
    if (running === undefined || running.job.request.id !== msg.id) return;
    const done = running;
    running = undefined;
    clearTimeout(done.timer);
    done.job.resolve(msg.check);
    dispatch();
  });
  // A crashed worker (out of memory, a grammar's stack overflow escaping) says so, then exits: the check it ran is
  // refused, the queue goes on. A worker already abandoned (over budget, replaced) exits unheard.
  let why = 'ended the checker';
  w.on('error', () => {
    why = 'ended the checker (it ran out of memory or stack)';
  });
  w.on('exit', () => {
    if (worker === w) abandon(w, why);
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
  // The queue is not empty (checked above): the index names one of its jobs.
  const job = queue.splice(index, 1)[0]!;
  worker ??= startWorker(job.file);
  const current = worker;
  // The budget starts now, when the check starts; time spent queued is not charged to it.
  const timer = setTimeout(() => abandon(current, `did not finish within ${budgetMs / 1000} s`), budgetMs);
  timer.unref();
  running = { job, timer };
  current.postMessage(job.request);
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
  const file = workerFile;
  if (file === undefined) return Promise.resolve(checkSql(sql, warehouse, allowUnbounded));
  return new Promise((resolve) => {
    queue.push({
      file,
      request: { id: randomUUID(), sql, warehouse, allowUnbounded },
      queuedAt: Date.now(),
      resolve,
    });
    dispatch();
  });
}
