// The fastest a job can finish under a token bucket: calls in chains (each call waits for the one before it in
// its chain), every call takes `latency` seconds, the bucket starts full (burst) and refills at `rate`/s.
export function minimumSeconds({ calls, chains = 1, rate, burst, latency }) {
  const free = Array(chains).fill(0);
  let end = 0;
  for (let i = 0; i < calls; i++) {
    // The i-th token (0-based) exists at (i + 1 - burst) / rate; the first `burst` at once.
    const token = i < burst ? 0 : (i + 1 - burst) / rate;
    // The chain that can start soonest takes the next call.
    const chain = free.indexOf(Math.min(...free));
    const start = Math.max(free[chain], token);
    free[chain] = start + latency;
    end = Math.max(end, free[chain]);
  }
  return end;
}
