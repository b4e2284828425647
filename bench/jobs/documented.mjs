// The documented default usage plans (rate/s, burst) of the operations the job bench drives: the
// "| Rate (requests per second) | Burst |" tables of the SP models (packages/upstream-specs/sp-api).
export const DOCUMENTED = {
  getOrders: { rate: 0.0167, burst: 20 },
  createReport: { rate: 0.0167, burst: 15 },
  getReport: { rate: 2, burst: 15 },
  getReportDocument: { rate: 0.0167, burst: 15 },
};
