// An SP report's life: IN_QUEUE → IN_PROGRESS → DONE over OBMCP_MOCK_SP_REPORT_MS, read at each request.
import type { MockReport } from './state.js';

/** When a report created by the mock was created and how long it takes (seeded reports have none). */
const schedules = new Map<string, { createdMs: number; durationMs: number; documentId: string }>();

/** Share of the processing time a report spends IN_QUEUE before it turns IN_PROGRESS. */
const QUEUED_SHARE = 0.25;

/** A new report: DONE at once when `durationMs` is 0 (the default), else IN_QUEUE with its schedule. */
export function newReport(fields: Omit<MockReport, 'processingStatus'>, durationMs: number): MockReport {
  const { reportDocumentId, ...rest } = fields;
  if (durationMs <= 0 || reportDocumentId === undefined) {
    const now = fields.createdTime;
    return { ...fields, processingStatus: 'DONE', processingStartTime: now, processingEndTime: now };
  }
  schedules.set(fields.reportId, {
    createdMs: Date.parse(fields.createdTime),
    durationMs,
    documentId: reportDocumentId,
  });
  return { ...rest, processingStatus: 'IN_QUEUE' };
}

/** Moves a scheduled report along to where its clock says it is (in place) and returns it. */
export function progressed(report: MockReport, now = Date.now()): MockReport {
  const schedule = schedules.get(report.reportId);
  if (!schedule || report.processingStatus === 'DONE' || report.processingStatus === 'CANCELLED')
    return report;
  const started = schedule.createdMs + schedule.durationMs * QUEUED_SHARE;
  const done = schedule.createdMs + schedule.durationMs;
  if (now >= started && report.processingStatus === 'IN_QUEUE') {
    report.processingStatus = 'IN_PROGRESS';
    report.processingStartTime = new Date(started).toISOString();
  }
  if (now >= done) {
    report.processingStatus = 'DONE';
    report.processingEndTime = new Date(done).toISOString();
    report.reportDocumentId = schedule.documentId;
    schedules.delete(report.reportId);
  }
  return report;
}
