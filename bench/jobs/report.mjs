// Markdown for the job bench: per job, wall time ÷ the documented minimum, upstream 429s and failed calls.
const GOAL_RATIO = 1.1;

export function verdicts(job) {
  const ratio = job.seconds / job.minimum;
  return {
    ratio,
    withinGoal: ratio <= GOAL_RATIO,
    noFasterThanBound: ratio >= 1,
    clean: job.throttled === 0 && job.failed === 0,
  };
}

export function renderJobs({ size, jobs }, meta) {
  const rows = jobs.map((job) => {
    const v = verdicts(job);
    const work =
      job.documents !== undefined
        ? `${job.documents} documents`
        : `${job.orders} orders / ${job.pages} pages`;
    return `| ${job.job} | ${work} | ${job.calls} | ${job.requests} | ${job.seconds.toFixed(2)} s | ${job.minimum.toFixed(2)} s | **${v.ratio.toFixed(3)}×** | ${job.throttled} | ${job.failed} |`;
  });
  return `## Jobs at the rate-limit bound (\`pnpm bench:jobs\`)

${meta}

One stated factor, **×${size.scale}**, scales every documented rate (the mocks' token buckets under
\`OBMCP_MOCK_THROTTLE=documented\` and the servers' limiters, both through \`OBMCP_MOCK_RATE_SCALE\`) and
divides the real-world timings: a ${size.latencyMs} ms upstream round trip → ${Math.round(size.latencyMs / size.scale)} ms,
a ${size.reportMs / 1000} s report → ${Math.round(size.reportMs / size.scale)} ms. Bursts are the documented ones. getOrders:
0.0167/s × ${size.scale} = ${(0.0167 * size.scale).toFixed(3)}/s, burst 20; getReport 2/s burst 15; createReport and
getReportDocument 0.0167/s burst 15 (the SP models' usage plans). ${size.orders} generated orders plus the fixture's,
${size.pageSize} per page. The minimum is what the token bucket allows (bucket full at the start, every call one
scaled round trip, pages of one chain in sequence; for a report, its processing time plus four round trips); 429s
are counted by the upstream mock, failed calls are tool calls (or task results) that ended in an error envelope.
The servers' limiter arrival margin: ${size.arrivalMarginMs ?? 100} ms${size.arrivalMarginMs === undefined ? " (the product's default)" : ''}.

| job | work | tool calls | upstream requests | wall | minimum | wall ÷ minimum | upstream 429s | failed calls |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Goals: within ${GOAL_RATIO}× of the minimum, zero 429s, zero failed calls; the two-process run no faster than the
bound (ratio ≥ 1: the shared Redis budget holds). The report job is ${jobs[1]?.calls ?? 'n'} \`run_report\` calls made as MCP
tasks, all at once, by a task client (a task-augmented \`tools/call\`, the end seen from
\`notifications/tasks/status\` or \`tasks/get\` at the suggested \`pollInterval\`, then \`tasks/result\`); the
server polls \`getReport\` at run_report's cadence (2.5 % of the time waited so far, 5 s to 60 s, divided by the
factor), paced by its limiter at getReport's documented rate.
`;
}
