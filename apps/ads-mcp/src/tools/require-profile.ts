// The active advertising profile, or the precise mcp_input_validation failure when none is set.
import { DomainValidationError } from '@obmcp/contract';
import { checkProfileAllowed } from '../session/hosted-session.js';
import type { Session } from '../session/session.js';

export function requireProfile(session: Session): number {
  if (session.profileId !== undefined) {
    checkProfileAllowed(session.profileId);
    return session.profileId;
  }
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: 'No active advertising profile.',
    details: [
      {
        path: 'profileId',
        issue: 'this tool needs an active advertising profile (Amazon-Advertising-API-Scope) and none is set',
        received_type: 'undefined',
      },
    ],
    hints: [
      'Set an active profile with set_active_profile (profile ids come from list_profiles).',
      'Or start the server with ADS_API_PROFILE_ID set.',
    ],
  });
}
