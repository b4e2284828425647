// search_orders page 2+: the model wants page 1's filters again; remembered per token, resent or checked.
import { type Detail, DomainValidationError } from '@obmcp/contract';

type Args = Readonly<Record<string, unknown>>;

/** Tokens remembered per server (oldest forgotten first); each entry is a few filter values. */
const MAX_TOKENS = 200;

/** Arrays compare as sets (marketplaceIds in another order is the same filter). */
function canonical(value: unknown): string {
  return JSON.stringify(Array.isArray(value) ? value.map((v) => JSON.stringify(v)).sort() : value);
}

export class PageFilterMemory {
  private readonly entries = new Map<string, Record<string, unknown>>();

  /**
   * @param filterKeys the arguments that must repeat on every page (all but the token, the page size
   *   and what the model lets change, e.g. includedData).
   */
  constructor(private readonly filterKeys: readonly string[]) {}

  /** The filters of `args` (only those given). */
  filtersOf(args: Args): Record<string, unknown> {
    return Object.fromEntries(this.filterKeys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
  }

  /** Records the filters that produced `nextToken` for `scope` (the identity whose token it is). */
  remember(scope: string, nextToken: string, args: Args): void {
    const key = `${scope}\n${nextToken}`;
    this.entries.delete(key);
    this.entries.set(key, this.filtersOf(args));
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_TOKENS) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * The arguments to send with `token`: page 1's filters fill in what the agent left out. Throws
   * INPUT_VALIDATION_FAILED when a given filter differs from page 1, or when the token is unknown
   * here and no filter was given (the upstream would reject the request).
   */
  complete(scope: string, token: string, args: Args): Record<string, unknown> {
    const remembered = this.entries.get(`${scope}\n${token}`);
    const sent = this.filtersOf(args);
    if (!remembered) {
      if (Object.keys(sent).length > 0) return { ...args };
      throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
        summary:
          'paginationToken must come with the filters of the request that returned it (this server did not issue it).',
        details: ['createdAfter', 'lastUpdatedAfter'].map((k) => ({
          path: k,
          issue: 'required with paginationToken: the same value as on page 1',
          received_type: 'undefined',
        })),
        hints: [
          `Resend page 1's filters (${this.filterKeys.join(', ')}) unchanged with paginationToken; only maxResultsPerPage and includedData may change.`,
        ],
      });
    }
    const changed: Detail[] = Object.keys(sent)
      .filter((k) => canonical(sent[k]) !== canonical(remembered[k]))
      .map((k) => ({
        path: k,
        issue: `differs from page 1 (${remembered[k] === undefined ? 'not sent' : canonical(remembered[k])})`,
        received_type: Array.isArray(sent[k]) ? 'array' : typeof sent[k],
      }));
    if (changed.length > 0) {
      throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
        summary: `Filters must not change between pages: ${changed.map((d) => d.path).join(', ')} differ from the request that returned this paginationToken.`,
        details: changed,
        hints: [
          "Send only paginationToken (the server resends page 1's filters), or the same values; to change filters start again without paginationToken.",
        ],
      });
    }
    // Page 1's own values win: an array filter sent back in another order goes out as page 1 sent it.
    return { ...args, ...remembered };
  }
}
