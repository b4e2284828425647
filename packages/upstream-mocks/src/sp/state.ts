// In-process state of the SP mock: reports, report documents, feeds and feed documents.
import { gzipSync } from 'node:zlib';

export interface MockReport {
  reportId: string;
  reportType: string;
  marketplaceIds: string[];
  createdTime: string;
  processingStatus: 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';
  processingStartTime?: string;
  processingEndTime?: string;
  dataStartTime?: string;
  dataEndTime?: string;
  reportDocumentId?: string;
}

export interface MockDocument {
  content: Uint8Array;
  compressionAlgorithm?: 'GZIP';
  /** Content-Type of the download (default text/plain). */
  contentType?: string;
  /** A restricted report type's document: getReportDocument needs an RDT for its path. */
  restricted?: true;
}

/**
 * Restricted report types (Tokens API use case guide, "Restricted report types"): their documents carry
 * buyer and shipping PII.
 */
export const RESTRICTED_REPORT_TYPES = new Set([
  'GET_AMAZON_FULFILLED_SHIPMENTS_DATA_INVOICING',
  'GET_AMAZON_FULFILLED_SHIPMENTS_DATA_TAX',
  'GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING',
  'GET_FLAT_FILE_ORDER_REPORT_DATA_SHIPPING',
  'GET_FLAT_FILE_ORDER_REPORT_DATA_INVOICING',
  'GET_FLAT_FILE_ORDER_REPORT_DATA_TAX',
  'GET_FLAT_FILE_ORDERS_RECONCILIATION_DATA_TAX',
  'GET_FLAT_FILE_ORDERS_RECONCILIATION_DATA_INVOICING',
  'GET_FLAT_FILE_ORDERS_RECONCILIATION_DATA_SHIPPING',
  'GET_ORDER_REPORT_DATA_INVOICING',
  'GET_ORDER_REPORT_DATA_TAX',
  'GET_ORDER_REPORT_DATA_SHIPPING',
  'GET_EASYSHIP_DOCUMENTS',
  'GET_GST_MTR_B2B_CUSTOM',
  'GET_VAT_TRANSACTION_DATA',
  'SC_VAT_TAX_REPORT',
]);

/** The Unshipped Orders Report (GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING) with fake buyers. */
const PII_TSV =
  'order-id\tbuyer-name\tship-address-1\tship-city\n' +
  '113-7782341-5526704\tMock Buyer Two\t22 Sample Avenue\tSEATTLE\n';
export const SEED_PII_DOCUMENT_ID = 'amzn1.spdoc.1.4.na.seed-pii';

const TSV =
  'sku\tasin\tprice\tquantity\n' +
  'SKU-1000\tB08N5WRWNW\t49.99\t120\n' +
  'SKU-1001\tB07XJ8C8F5\t12.99\t0\n' +
  'SKU-1002\tB09G9FPHY6\t19.99\t37\n';

export const reports = new Map<string, MockReport>();
export const documents = new Map<string, MockDocument>();
export const feeds = new Map<string, Record<string, unknown>>();
/**
 * A feed created through createFeed: the getFeed answers it gave (IN_QUEUE, IN_PROGRESS, then DONE) and its
 * input document (not a Feed field, so kept beside it).
 */
export const feedProgress = new Map<string, { polls: number; input: string }>();
export const feedDocuments = new Map<string, { contentType: string; uploaded?: string }>();

/** The ids the sp-mcp tool examples document (seeded below; nextId never hands them out again). */
export const SEED_FEED_ID = '50002';
export const SEED_FEED_DOCUMENT_ID = 'amzn1.tortuga.4.na.50001';
/** The feed document id of the Feeds model's own getFeedDocument example (what a generated example sends). */
export const MODEL_EXAMPLE_FEED_DOCUMENT_ID = '0356cf79-b8b0-4226-b4b9-0ee058ea5760';
/**
 * The ids of the Reports and Feeds models' own cancelReport and cancelFeed examples (what the generated cancel
 * tools' first examples send): a report and a feed seeded IN_QUEUE, the only status in which they cancel.
 */
export const MODEL_EXAMPLE_QUEUED_REPORT_ID = 'ID';
export const MODEL_EXAMPLE_QUEUED_FEED_ID = 'ID1';

let counter = 50000;
export function nextId(): string {
  do counter += 1;
  while (feeds.has(String(counter)) || feedDocuments.has(`amzn1.tortuga.4.na.${counter}`));
  return String(counter);
}

function seed(): void {
  documents.set('amzn1.spdoc.1.4.na.seed-gzip', {
    content: gzipSync(Buffer.from(TSV)),
    compressionAlgorithm: 'GZIP',
  });
  documents.set('amzn1.spdoc.1.4.na.seed-plain', { content: new TextEncoder().encode(TSV) });
  documents.set(SEED_PII_DOCUMENT_ID, {
    content: gzipSync(Buffer.from(PII_TSV)),
    compressionAlgorithm: 'GZIP',
    restricted: true,
  });
  // Documents in other charsets, named by the download's Content-Type (audit S2-3).
  documents.set('amzn1.spdoc.1.4.na.seed-cp1252', {
    // "sku\ttitle\nSKU-1000\tCafé crème – 5€\n" in windows-1252 (é E9, è E8, – 96, € 80).
    content: Uint8Array.from([
      ...Buffer.from('sku\ttitle\nSKU-1000\tCaf'),
      0xe9,
      ...Buffer.from(' cr'),
      0xe8,
      ...Buffer.from('me '),
      0x96,
      ...Buffer.from(' 5'),
      0x80,
      0x0a,
    ]),
    contentType: 'text/plain; charset=windows-1252',
  });
  documents.set('amzn1.spdoc.1.4.na.seed-sjis', {
    // "sku\ttitle\nSKU-1001\t日本茶\n" in Shift_JIS.
    content: Uint8Array.from([
      ...Buffer.from('sku\ttitle\nSKU-1001\t'),
      0x93,
      0xfa,
      0x96,
      0x7b,
      0x92,
      0x83,
      0x0a,
    ]),
    contentType: 'text/tab-separated-values; charset=Shift_JIS',
  });
  // 3 MB of repeated rows compresses to a few KB: exercises the decompressed-size bound.
  documents.set('amzn1.spdoc.1.4.na.seed-huge', {
    content: gzipSync(Buffer.from('x'.repeat(3 * 1024 * 1024))),
    compressionAlgorithm: 'GZIP',
  });
  reports.set('ID323', {
    reportId: 'ID323',
    reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
    marketplaceIds: ['ATVPDKIKX0DER'],
    createdTime: '2026-03-01T10:00:00Z',
    processingStatus: 'DONE',
    processingStartTime: '2026-03-01T10:00:05Z',
    processingEndTime: '2026-03-01T10:01:40Z',
    reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip',
  });
  reports.set('ID325', {
    reportId: 'ID325',
    reportType: 'GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING',
    marketplaceIds: ['ATVPDKIKX0DER'],
    createdTime: '2026-03-04T10:00:00Z',
    processingStatus: 'DONE',
    processingStartTime: '2026-03-04T10:00:05Z',
    processingEndTime: '2026-03-04T10:00:50Z',
    reportDocumentId: SEED_PII_DOCUMENT_ID,
  });
  reports.set('ID324', {
    reportId: 'ID324',
    reportType: 'GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL',
    marketplaceIds: ['ATVPDKIKX0DER'],
    createdTime: '2026-03-02T10:00:00Z',
    processingStatus: 'IN_PROGRESS',
    processingStartTime: '2026-03-02T10:00:05Z',
  });
  // No progress schedule: it stays IN_QUEUE until cancelled.
  reports.set(MODEL_EXAMPLE_QUEUED_REPORT_ID, {
    reportId: MODEL_EXAMPLE_QUEUED_REPORT_ID,
    reportType: 'GET_FLAT_FILE_OPEN_LISTINGS_DATA',
    marketplaceIds: ['ATVPDKIKX0DER'],
    createdTime: '2026-03-05T10:00:00Z',
    processingStatus: 'IN_QUEUE',
  });
  for (const id of [SEED_FEED_DOCUMENT_ID, MODEL_EXAMPLE_FEED_DOCUMENT_ID])
    feedDocuments.set(id, { contentType: 'application/json; charset=UTF-8', uploaded: '{}' });
  feeds.set(SEED_FEED_ID, {
    feedId: SEED_FEED_ID,
    feedType: 'JSON_LISTINGS_FEED',
    marketplaceIds: ['ATVPDKIKX0DER'],
    createdTime: '2026-03-03T10:00:00Z',
    processingStatus: 'DONE',
    processingStartTime: '2026-03-03T10:00:04Z',
    processingEndTime: '2026-03-03T10:02:10Z',
    resultFeedDocumentId: 'amzn1.tortuga.4.na.seed-result',
  });
  // Not a created feed (no feedProgress entry): it stays IN_QUEUE until cancelled.
  feeds.set(MODEL_EXAMPLE_QUEUED_FEED_ID, {
    feedId: MODEL_EXAMPLE_QUEUED_FEED_ID,
    feedType: 'JSON_LISTINGS_FEED',
    marketplaceIds: ['ATVPDKIKX0DER'],
    createdTime: '2026-03-05T10:00:00Z',
    processingStatus: 'IN_QUEUE',
  });
}
seed();

/** Forgets every report, document and feed but the seeded examples (a fresh process's state, for in-process tests). */
export function resetSpMockState(): void {
  reports.clear();
  documents.clear();
  feeds.clear();
  feedProgress.clear();
  feedDocuments.clear();
  counter = 50000;
  seed();
}

export { TSV as SAMPLE_REPORT_TEXT };
