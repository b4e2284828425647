// The gate a server's --hosted HTTP mode puts in front of /mcp: discovery + /oauth/* and the bearer check, as @obmcp/mcp-server expects it.
import type { HostedGate, HostedUser } from '@obmcp/mcp-server/hosted';
import type { HostedAuth } from './hosted-auth.js';

/** The user for the route is the token's subject with its upstream credential; the MCP token itself goes no further. */
export function hostedGate(auth: HostedAuth): HostedGate {
  return {
    origin: new URL(auth.resourceMetadataUrl).origin,
    handle: (request, client) => auth.handle(request, client),
    sessionChoices: auth.sessionChoices,
    async authenticate(request): Promise<HostedUser | Response> {
      const identity = await auth.authenticate(request);
      if (identity instanceof Response) return identity;
      const { credential } = identity;
      return {
        subject: identity.subject,
        account: credential.account,
        secret: credential.secret,
        ...(credential.profiles === undefined ? {} : { profiles: credential.profiles }),
      };
    },
  };
}
