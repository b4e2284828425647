// The SQL guard on one worker thread: parsing a long query in seven grammars takes seconds of CPU, which must not
// stall every other call, /healthz and cancellation; a check that outlives its budget ends the worker.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { checkSql, refusedUnread, type SqlCheck } from '../tools/sql-check.js';
import type { CheckRequest } from './check-worker.js';

/** A check still running after this is refused (the worker is ended and restarted on the next call). */
export const CHECK_BUDGET_MS = 15_000;

const WORKER_FILE = new URL('./check-worker.js', import.meta.url);
/** Running from the TypeScript sources (tests) there is no compiled worker: the check then runs inline. */
const HAS_WORKER = existsSync(fileURLToPath(WORKER_FILE));

interface Pending {
  resolve: (check: SqlCheck) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The refusal for a check that did not finish: nothing about the query was decided, so it is not run. */
function tooComplex(): SqlCheck {
  return refusedUnread({
    rule: 'unparsable',
    issue: `The query could not be checked within ${CHECK_BUDGET_MS / 1000} s; send a shorter or simpler statement.`,
  });
}

function endWorker(): void {
  const ended = worker;
  worker = undefined;
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    pending.delete(id);
    p.resolve(tooComplex());
  }
  void ended?.terminate();
}

function startWorker(): Worker {
  const w = new Worker(WORKER_FILE);
  w.unref(); // an idle guard never keeps the process alive
  w.on('message', (msg: { id: number; check: SqlCheck }) => {
    const p = pending.get(msg.id);
    if (p === undefined) return;
    clearTimeout(p.timer);
    pending.delete(msg.id);
    p.resolve(msg.check);
  });
  // A crashed worker (out of memory, a grammar's stack overflow escaping) refuses what it held; the next call starts a new one.
  w.on('error', endWorker);
  w.on('exit', () => {
    if (worker === w) endWorker();
  });
  return w;
}

/**
 * checkSql on the worker thread. Where the compiled worker does not exist (tests running the TypeScript
 * sources), the check runs inline: same function, same answer.
 */
export function checkSqlOffThread(sql: string, allowUnbounded: boolean): Promise<SqlCheck> {
  if (!HAS_WORKER) return Promise.resolve(checkSql(sql, allowUnbounded));
  worker ??= startWorker();
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(endWorker, CHECK_BUDGET_MS);
    timer.unref();
    pending.set(id, { resolve, timer });
    const request: CheckRequest = { id, sql, allowUnbounded };
    worker?.postMessage(request);
  });
}
