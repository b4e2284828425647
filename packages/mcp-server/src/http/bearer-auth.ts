// Bearer-token check for the MCP endpoint: constant-time comparison, RFC 6750 challenge on failure.
import { createHash, timingSafeEqual } from 'node:crypto';

export type BearerVerdict = { ok: true } | { ok: false; challenge: string };

const REALM = 'realm="mcp"';

function digest(value: string): Buffer {
  // Stryker disable next-line StringLiteral: 'utf8' is update()'s default for a string (equivalent), see README
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Builds a checker for one configured token; hashing both sides makes the compare length-independent. */
export function bearerChecker(token: string): (authorization: string | undefined) => BearerVerdict {
  const expected = digest(token);
  return (authorization) => {
    // Stryker disable next-line StringLiteral: equivalent (any non-Bearer fallback text fails the match alike), see README
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
    if (!match?.[1]) return { ok: false, challenge: `Bearer ${REALM}` };
    if (!timingSafeEqual(digest(match[1]), expected)) {
      return { ok: false, challenge: `Bearer ${REALM}, error="invalid_token"` };
    }
    return { ok: true };
  };
}
