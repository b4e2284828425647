// Resolves the sellerId for listings calls: argument, then active identity, then SP_API_SELLER_ID.
import { DomainValidationError } from '@obmcp/contract';
import type { ToolDeps } from './deps.js';

export function resolveSellerId(deps: ToolDeps, given: string | undefined): string {
  const value = given ?? deps.session.active().sellerId ?? deps.config.sellerId;
  if (value) return value;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: 'sellerId is required: none given and the active identity has none configured.',
    details: [{ path: 'sellerId', issue: 'missing and no default configured', received_type: 'undefined' }],
    hints: ['Required: sellerId (merchant token, e.g. A2MOCKSELLER01). See schema.'],
  });
}
