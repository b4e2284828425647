// Ads-specific hints and machine fields added to upstream HTTP failures (data: fields and values only).
import type { Detail } from '@obmcp/contract';
import type { AuthMode } from '../config.js';
import type { Region } from '../regions.js';

export interface HintContext {
  tool: string;
  status: number;
  /** The request's operation key (`<spec stem>.<operationId>`, http/limits.ts). */
  operation: string;
  message: string | undefined;
  authMode: AuthMode;
  region: Region;
  profileId: number | undefined;
}

const DUPLICATE = /duplicate of\s*:?\s*([A-Za-z0-9-]{8,64})/i;

/** The existing report id in a 425 "The Request is a duplicate of : <id>" body. */
export function duplicateReportId(message: string | undefined): string | undefined {
  return message ? DUPLICATE.exec(message)?.[1] : undefined;
}

export function enrichDetails(ctx: HintContext, details: Detail[]): Detail[] {
  if (ctx.status !== 425) return details;
  const existing = duplicateReportId(ctx.message);
  if (!existing) return details;
  return details.map((d, i) => (i === 0 ? { ...d, existing_report_id: existing } : d));
}

export function hintsFor(ctx: HintContext): string[] {
  const hints: string[] = [];
  // No message reads as 'undefined', which names no scope or advertiser.
  const msg = String(ctx.message).toLowerCase();
  if (ctx.status === 401 || ctx.status === 403) {
    if (msg.includes('scope') || msg.includes('advertiser')) {
      hints.push(
        `Profile ${ctx.profileId ?? '(none)'} is not accessible in region '${ctx.region}': profiles are region-scoped; pick a profileId that list_profiles returns for this region.`,
      );
    }
    if (ctx.tool === 'list_profiles') {
      hints.push(
        'A 401/403 on list_profiles usually means the token lacks the Ads API scope (advertising::campaign_management), not that it expired.',
      );
    }
    hints.push(
      ctx.authMode === 'direct'
        ? 'Re-authorize the LWA app (ADS_API_REFRESH_TOKEN) if the grant was revoked; check ADS_API_CLIENT_ID matches the token.'
        : 'Re-authorize the active Amazon Advertising identity in the Openbridge UI if it was invalidated.',
    );
  } else if (ctx.status === 425) {
    const existing = duplicateReportId(ctx.message);
    hints.push(
      existing
        ? `An identical report is already queued: poll get_report with reportId='${existing}' instead of creating it again.`
        : 'An identical report is already queued: poll get_report with the existing reportId.',
    );
  } else if (ctx.status === 404) {
    hints.push('Check that the id belongs to the active profile and region (list tools return valid ids).');
  } else if (ctx.status === 400 && ctx.operation.startsWith('AMC')) {
    hints.push(
      'AMC calls need advertiserId = an AMC accountId from list_amc_accounts (not the profile accountInfo.id) and its marketplaceId.',
    );
  }
  return hints;
}
