// One process-wide timer for every exchange deadline: a fresh setTimeout + clearTimeout per exchange was measurable per call.

interface Entry {
  at: number;
  fire: () => void;
}

const pending = new Set<Entry>();
let timer: NodeJS.Timeout | undefined;
/** When the timer fires (performance.now() ms); Infinity while disarmed. */
let armedAt = Number.POSITIVE_INFINITY;

function arm(at: number): void {
  if (timer !== undefined) clearTimeout(timer);
  armedAt = at;
  timer = setTimeout(tick, Math.max(1, Math.ceil(at - performance.now())));
}

function tick(): void {
  timer = undefined;
  armedAt = Number.POSITIVE_INFINITY;
  const now = performance.now();
  let next = Number.POSITIVE_INFINITY;
  for (const entry of pending) {
    if (entry.at <= now) {
      pending.delete(entry);
      entry.fire();
    } else if (entry.at < next) {
      next = entry.at;
    }
  }
  if (next !== Number.POSITIVE_INFINITY) arm(next);
}

/** How much longer the shared timer may hold the process open once no deadline is pending (ms). */
export const IDLE_GRACE_MS = 25;

/**
 * Runs `fire` once `ms` have passed, unless the returned cancel runs first. The shared timer holds
 * the process open while a deadline is pending, and at most IDLE_GRACE_MS after the last one is
 * cancelled (then it fires with nothing to do and lets go). Back-to-back exchanges reuse the armed
 * timer: no timer call at all on their path (ref/unref per exchange was measurable per call).
 */
export function scheduleDeadline(ms: number, fire: () => void): () => void {
  const entry: Entry = { at: performance.now() + ms, fire };
  pending.add(entry);
  if (entry.at < armedAt) arm(entry.at);
  return () => {
    if (pending.delete(entry) && pending.size === 0) release();
  };
}

/** Nothing pending: bring a far-off firing time within the grace, so the timer lets go soon. */
function release(): void {
  const latest = performance.now() + IDLE_GRACE_MS;
  if (armedAt > latest) arm(latest);
}

/** Deadlines still pending (for tests). */
export function pendingDeadlines(): number {
  return pending.size;
}
