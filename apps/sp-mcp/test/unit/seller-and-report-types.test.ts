// Unit (src): the sellerId listings calls use (argument, active identity, configured default, else a
// refusal), and the report types get_report_document remembers per document id.
import { DomainValidationError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import type { ToolDeps } from '../../src/tools/deps.js';
import { ReportTypesSeen } from '../../src/tools/report-types-seen.js';
import { resolveSellerId } from '../../src/tools/seller-id.js';

const deps = (identitySeller: string | undefined, configSeller: string | undefined) =>
  ({
    session: { active: () => ({ sellerId: identitySeller }) },
    config: { sellerId: configSeller },
  }) as unknown as ToolDeps;

describe('resolveSellerId', () => {
  it('the argument wins, then the active identity, then SP_API_SELLER_ID', () => {
    expect(resolveSellerId(deps('IDENTITY', 'CONFIG'), 'ARG')).toBe('ARG');
    expect(resolveSellerId(deps('IDENTITY', 'CONFIG'), undefined)).toBe('IDENTITY');
    expect(resolveSellerId(deps(undefined, 'CONFIG'), undefined)).toBe('CONFIG');
  });

  it('none anywhere is refused with the pointer sellerId', () => {
    for (const empty of [undefined, '']) {
      try {
        resolveSellerId(deps(undefined, empty), empty);
        throw new Error('expected a refusal');
      } catch (e) {
        expect(e).toBeInstanceOf(DomainValidationError);
        expect(e).toMatchObject({
          code: 'INPUT_VALIDATION_FAILED',
          summary: 'sellerId is required: none given and the active identity has none configured.',
          details: [
            { path: 'sellerId', issue: 'missing and no default configured', received_type: 'undefined' },
          ],
          hints: ['Required: sellerId (merchant token, e.g. A2MOCKSELLER01). See schema.'],
        });
      }
    }
  });
});

describe('ReportTypesSeen', () => {
  it('remembers the type of each document id a report showed; the latest wins', () => {
    const seen = new ReportTypesSeen();
    seen.record({ reportDocumentId: 'd1', reportType: 'GET_FLAT_FILE_ORDERS_DATA' });
    seen.record({ reportDocumentId: 'd2', reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA' });
    seen.record({ reportDocumentId: 'd1', reportType: 'GET_AMAZON_FULFILLED_SHIPMENTS_DATA_GENERAL' });
    expect(seen.reportTypeOf('d1')).toBe('GET_AMAZON_FULFILLED_SHIPMENTS_DATA_GENERAL');
    expect(seen.reportTypeOf('d2')).toBe('GET_MERCHANT_LISTINGS_ALL_DATA');
    expect(seen.reportTypeOf('d3')).toBeUndefined();
  });

  it('ignores a report without a document id or a type (still in progress, or not a report)', () => {
    const seen = new ReportTypesSeen();
    seen.record({ reportType: 'GET_FLAT_FILE_ORDERS_DATA' });
    seen.record({ reportDocumentId: 'd1' });
    seen.record({ reportDocumentId: 'd2', reportType: 7 });
    seen.record({ reportDocumentId: 3, reportType: 'X' });
    seen.record(null);
    expect(seen.reportTypeOf('d1')).toBeUndefined();
    expect(seen.reportTypeOf('d2')).toBeUndefined();
    expect(seen.reportTypeOf('3')).toBeUndefined();
  });

  it('keeps the latest 1000 ids: the oldest goes first, a re-recorded one counts as new', () => {
    const seen = new ReportTypesSeen();
    for (let i = 0; i < 1000; i++) seen.record({ reportDocumentId: `d${i}`, reportType: `T${i}` });
    expect(seen.reportTypeOf('d0')).toBe('T0');
    seen.record({ reportDocumentId: 'd0', reportType: 'T0' });
    seen.record({ reportDocumentId: 'd1000', reportType: 'T1000' });
    expect(seen.reportTypeOf('d1')).toBeUndefined();
    expect(seen.reportTypeOf('d0')).toBe('T0');
    expect(seen.reportTypeOf('d2')).toBe('T2');
    expect(seen.reportTypeOf('d1000')).toBe('T1000');
  });

  it('a report without a usable document id does not push a remembered one out', () => {
    const seen = new ReportTypesSeen();
    for (let i = 0; i < 1000; i++) seen.record({ reportDocumentId: `d${i}`, reportType: `T${i}` });
    seen.record({ reportType: 'GET_FLAT_FILE_ORDERS_DATA' });
    seen.record({ reportDocumentId: 5, reportType: 'GET_FLAT_FILE_ORDERS_DATA' });
    seen.record({ reportDocumentId: 'd-x' });
    expect(seen.reportTypeOf('d0')).toBe('T0');
    expect(seen.reportTypeOf('d1')).toBe('T1');
  });
});
