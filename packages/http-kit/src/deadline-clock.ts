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

/**
 * Runs `fire` once `ms` have passed, unless the returned cancel runs first. The shared timer stays
 * armed when its entries are cancelled (the next exchange reuses it) but holds the process open only
 * while some deadline is pending.
 */
export function scheduleDeadline(ms: number, fire: () => void): () => void {
  const entry: Entry = { at: performance.now() + ms, fire };
  pending.add(entry);
  if (entry.at < armedAt) arm(entry.at);
  else if (pending.size === 1) timer?.ref();
  return () => {
    if (pending.delete(entry) && pending.size === 0) timer?.unref();
  };
}

/** Deadlines still pending (for tests). */
export function pendingDeadlines(): number {
  return pending.size;
}
