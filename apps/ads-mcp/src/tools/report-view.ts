// Shapes a Reporting v3 report object for agents (status, timing, url, readiness).
export interface ReportView {
  reportId: string | null;
  name: string | null;
  status: string | null;
  ready: boolean;
  startDate: unknown;
  endDate: unknown;
  createdAt: unknown;
  updatedAt: unknown;
  generatedAt: unknown;
  fileSize: unknown;
  failureReason: unknown;
  url: string | null;
  urlExpiresAt: unknown;
  configuration: unknown;
}

export function reportView(body: unknown): ReportView {
  const r = (body ?? {}) as Record<string, unknown>;
  const status = typeof r.status === 'string' ? r.status : null;
  const url = typeof r.url === 'string' && r.url.startsWith('https://') ? r.url : null;
  return {
    reportId: typeof r.reportId === 'string' ? r.reportId : null,
    name: typeof r.name === 'string' ? r.name : null,
    status,
    ready: status === 'COMPLETED' && url !== null,
    startDate: r.startDate ?? null,
    endDate: r.endDate ?? null,
    createdAt: r.createdAt ?? null,
    updatedAt: r.updatedAt ?? null,
    generatedAt: r.generatedAt ?? null,
    fileSize: r.fileSize ?? null,
    failureReason: r.failureReason ?? null,
    url,
    urlExpiresAt: r.urlExpiresAt ?? null,
    configuration: r.configuration ?? null,
  };
}
