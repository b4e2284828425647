// waitSecondsProperty: the `waitSeconds` input of a tool that runs a job to its end (pollJob), one bound for every app.
/** The longest one tool call waits for its job; past it the tool answers ready:false and the id to poll. */
const MAX_WAIT_SECONDS = 600;

/** `waitSeconds` (0 to MAX_WAIT_SECONDS): wait for `until`, `defaultSeconds` when absent, 0 = `zero` only. */
export function waitSecondsProperty(until: string, defaultSeconds: number, zero: string) {
  return {
    type: 'integer',
    minimum: 0,
    maximum: MAX_WAIT_SECONDS,
    description: `Wait for ${until} up to this long (default ${defaultSeconds}; 0 = ${zero}).`,
  } as const;
}
