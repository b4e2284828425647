// The official operations behind the curated workflows (finances, fees, sales, solicitations), and which
// workflow tools combine several of them (declared as `_meta["io.obmcp/operations"]`).
import type { OperationRef } from './catalog-call.js';

export const WORKFLOW_OPS = {
  listFinancialEventGroups: ['financesV0', 'listFinancialEventGroups'],
  listFinancialEvents: ['financesV0', 'listFinancialEvents'],
  listFinancialEventsByGroupId: ['financesV0', 'listFinancialEventsByGroupId'],
  listFinancialEventsByOrderId: ['financesV0', 'listFinancialEventsByOrderId'],
  feesForAsin: ['productFeesV0', 'getMyFeesEstimateForASIN'],
  feesForSku: ['productFeesV0', 'getMyFeesEstimateForSKU'],
  feesBatch: ['productFeesV0', 'getMyFeesEstimates'],
  orderMetrics: ['sales', 'getOrderMetrics'],
  solicitationActions: ['solicitations', 'getSolicitationActionsForOrder'],
  reviewSolicitation: ['solicitations', 'createProductReviewAndSellerFeedbackSolicitation'],
  createReport: ['reports_2021-06-30', 'createReport'],
  getReport: ['reports_2021-06-30', 'getReport'],
  getReportDocument: ['reports_2021-06-30', 'getReportDocument'],
  createFeedDocument: ['feeds_2021-06-30', 'createFeedDocument'],
  createFeed: ['feeds_2021-06-30', 'createFeed'],
  getFeed: ['feeds_2021-06-30', 'getFeed'],
  getFeedDocument: ['feeds_2021-06-30', 'getFeedDocument'],
} as const satisfies Record<string, OperationRef>;

const FINANCIAL_EVENTS: readonly OperationRef[] = [
  WORKFLOW_OPS.listFinancialEvents,
  WORKFLOW_OPS.listFinancialEventsByGroupId,
  WORKFLOW_OPS.listFinancialEventsByOrderId,
];

/**
 * Workflow tool → the operations it calls. These tools reshape the question (camelCase, defaults, paging
 * to the end, choosing the operation, checking eligibility first), so the generated tools of the same
 * operations stay served, under their own names, for callers who want the raw answer.
 */
export const WORKFLOW_OPERATIONS: Readonly<Record<string, readonly OperationRef[]>> = {
  list_settlements: [WORKFLOW_OPS.listFinancialEventGroups],
  summarize_fees: FINANCIAL_EVENTS,
  list_refunds: FINANCIAL_EVENTS,
  get_sales_metrics: [WORKFLOW_OPS.orderMetrics],
  estimate_fees: [WORKFLOW_OPS.feesForAsin, WORKFLOW_OPS.feesForSku, WORKFLOW_OPS.feesBatch],
  request_review: [WORKFLOW_OPS.solicitationActions, WORKFLOW_OPS.reviewSolicitation],
  run_report: [WORKFLOW_OPS.createReport, WORKFLOW_OPS.getReport, WORKFLOW_OPS.getReportDocument],
  submit_feed: [
    WORKFLOW_OPS.createFeedDocument,
    WORKFLOW_OPS.createFeed,
    WORKFLOW_OPS.getFeed,
    WORKFLOW_OPS.getFeedDocument,
  ],
};
