// Report types by reportDocumentId, as get_report and list_reports showed them: get_report_document
// needs the type to know whether the document is restricted (an RDT) without asking the agent again.
import { asObject } from './deps.js';

/** Remembered ids (a bounded map: the oldest entry goes first). */
const MAX_ENTRIES = 1000;

export class ReportTypesSeen {
  private readonly byDocument = new Map<string, string>();

  /** Records a `Report` object (getReport's body, or one of getReports' `reports`). */
  record(report: unknown): void {
    const r = asObject(report);
    if (typeof r.reportDocumentId !== 'string' || typeof r.reportType !== 'string') return;
    this.byDocument.delete(r.reportDocumentId);
    this.byDocument.set(r.reportDocumentId, r.reportType);
    for (const oldest of this.byDocument.keys()) {
      if (this.byDocument.size <= MAX_ENTRIES) break;
      this.byDocument.delete(oldest);
    }
  }

  reportTypeOf(reportDocumentId: string): string | undefined {
    return this.byDocument.get(reportDocumentId);
  }
}
