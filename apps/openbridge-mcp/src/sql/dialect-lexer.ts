// One warehouse's lexer (its strings, identifiers and comments), and the text its grammar parses: comments gone, literals re-quoted plainly.

/**
 * A warehouse lexer's rules, each as its documentation (or its grammar's source) states it:
 * - `escapes`: inside `'…'` a backslash escapes the next character (or it is a character: standard strings);
 * - `doubleQuotedStrings`: `"…"` is a string (BigQuery, Spark; escaped as `'…'` is), else a quoted identifier
 *   (`""` doubles);
 * - `backtick`: `` `…` `` quotes an identifier, a doubled backtick standing for one (`doubled`) or with backslash
 *   escapes (`escaped`); `false`: a backtick is no token at all;
 * - `raw`: `r'…'` / `R"…"` strings that hold no escape and cannot hold their quote (Spark);
 * - `triple`: `'''…'''` and `"""…"""` strings (BigQuery);
 * - `dollar`: `$$…$$` strings (`plain`) or `$tag$…$tag$` ones too (`tagged`);
 * - `hash`, `slashes`: `#` / `//` start a line comment;
 * - `nested`: block comments nest;
 * - `continuation`: a backslash right before a newline continues a `--` comment onto the next line (Spark's
 *   `SIMPLE_COMMENT: '--' ('\\\n' | ~[\r\n])*`).
 * A line comment ends at `\n` or `\r`, in every dialect.
 */
export interface LexRules {
  name: string;
  escapes: boolean;
  doubleQuotedStrings: boolean;
  backtick: false | 'doubled' | 'escaped';
  raw: boolean;
  triple: boolean;
  dollar: false | 'plain' | 'tagged';
  hash: boolean;
  slashes: boolean;
  nested: boolean;
  continuation: boolean;
}

export type TokenKind = 'space' | 'comment' | 'string' | 'identifier' | 'code' | 'semicolon';

export interface Token {
  kind: TokenKind;
  /** The token's text in the query (for strings and identifiers, what lies between the quotes). */
  text: string;
  /** Offset of the token in the query. */
  start: number;
}

/** Where the lexer stopped: an unterminated string or comment, or a character the dialect has no token for. */
export class LexError extends Error {
  constructor(
    readonly rules: string,
    readonly offset: number,
    readonly what: string,
  ) {
    super(`${rules}: ${what} at offset ${offset}`);
  }
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const WHITESPACE = /[ \t\n\r\f\v]/;

interface Quote {
  /** Index of the first character inside the quotes. */
  open: number;
  close: string;
  escapes: boolean;
  /** A doubled closing quote stands for one (identifiers). */
  doubled: boolean;
  kind: 'string' | 'identifier';
  what: string;
}

/** The quote opened at `i` (with any prefix the dialect gives meaning to), or undefined. */
function quoteAt(text: string, i: number, rules: LexRules): Quote | undefined {
  const afterIdent = i > 0 && IDENT_CHAR.test(text.charAt(i - 1));
  const c = text.charAt(i);
  const next = text.charAt(i + 1);
  if (!afterIdent && rules.raw && (c === 'r' || c === 'R') && (next === "'" || next === '"'))
    return { open: i + 2, close: next, escapes: false, doubled: false, kind: 'string', what: 'raw string' };
  if (c === "'" || (c === '"' && rules.doubleQuotedStrings)) {
    const triple = c.repeat(3);
    const close = rules.triple && text.startsWith(triple, i) ? triple : c;
    // `"…"` strings exist only where `'…'` strings take backslash escapes (BigQuery, Spark): the same rule for both.
    return {
      open: i + close.length,
      close,
      escapes: rules.escapes,
      doubled: false,
      kind: 'string',
      what: 'string',
    };
  }
  if (c === '"')
    return { open: i + 1, close: '"', escapes: false, doubled: true, kind: 'identifier', what: 'identifier' };
  if (c === '`' && rules.backtick) {
    const escapes = rules.backtick === 'escaped';
    return { open: i + 1, close: '`', escapes, doubled: !escapes, kind: 'identifier', what: 'identifier' };
  }
  return undefined;
}

/** Index of the closing quote of `q` (a doubled quote inside is skipped as one character). */
function closeOf(text: string, q: Quote, rules: LexRules, start: number): number {
  for (let i = q.open; i < text.length; i++) {
    if (q.escapes && text[i] === '\\') i++;
    else if (text.startsWith(q.close, i)) {
      if (q.doubled && text.startsWith(q.close, i + 1)) i++;
      else return i;
    }
  }
  throw new LexError(rules.name, start, `unterminated ${q.what}`);
}

/** Where a line comment ends (`continuation`: Spark's, whose only line comment is `--`). */
function lineCommentEnd(text: string, start: number, rules: LexRules): number {
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (rules.continuation && c === '\\' && text[i + 1] === '\n') i++;
    else if (c === '\n' || c === '\r') return i;
  }
  return text.length;
}

function blockCommentEnd(text: string, start: number, rules: LexRules): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text.startsWith('/*', i)) {
      depth = rules.nested ? depth + 1 : 1;
      i++;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  throw new LexError(rules.name, start, 'unterminated block comment');
}

const DOLLAR_TAGS = {
  plain: /\$\$/y,
  tagged: /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y,
} as const;

/** The dollar-quote delimiter opened at `i`, if any (never right after an identifier character). */
function dollarTag(text: string, i: number, rules: LexRules): string | undefined {
  if (rules.dollar === false || (i > 0 && IDENT_CHAR.test(text.charAt(i - 1)))) return undefined;
  const pattern = DOLLAR_TAGS[rules.dollar];
  pattern.lastIndex = i;
  return pattern.exec(text)?.[0];
}

/**
 * A character of code the grammars could read as the start of a string, identifier or comment the warehouse does
 * not see there (or that the warehouse has no token for): refused, so the grammar never reads more than the lexer.
 */
function checkCode(text: string, i: number, rules: LexRules): void {
  const c = text.charAt(i);
  // A quote is never code here: every lexer opens a string or identifier at ' and ".
  const bad =
    c === '`' ||
    c === '\\' ||
    c === '#' ||
    text.startsWith('//', i) ||
    (c === '$' && !IDENT_CHAR.test(text.charAt(i - 1)) && !/[0-9]/.test(text.charAt(i + 1))) ||
    /\p{Cc}/u.test(c);
  if (bad) throw new LexError(rules.name, i, `${JSON.stringify(c)} is no token of its own here`);
}

/** The query as `rules` reads it, token by token (each character of code a token of its own). */
export function tokenize(text: string, rules: LexRules): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, body: string, start: number) => {
    const last = tokens.at(-1);
    if (kind === 'code' && last?.kind === 'code' && last.start + last.text.length === start)
      last.text += body;
    else tokens.push({ kind, text: body, start });
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const quote = quoteAt(text, i, rules);
    if (quote !== undefined) {
      const end = closeOf(text, quote, rules, i);
      push(quote.kind, text.slice(quote.open, end), i);
      i = end + quote.close.length;
      continue;
    }
    const lineComment =
      text.startsWith('--', i) || (rules.hash && c === '#') || (rules.slashes && text.startsWith('//', i));
    if (lineComment) {
      const end = lineCommentEnd(text, i, rules);
      push('comment', text.slice(i, end), i);
      i = end;
    } else if (text.startsWith('/*', i)) {
      const end = blockCommentEnd(text, i, rules);
      push('comment', text.slice(i, end), i);
      i = end;
    } else if (c === ';') {
      push('semicolon', c, i);
      i++;
    } else if (WHITESPACE.test(c)) {
      push('space', c, i);
      i++;
    } else {
      const tag = dollarTag(text, i, rules);
      if (tag !== undefined) {
        const close = text.indexOf(tag, i + tag.length);
        if (close === -1) throw new LexError(rules.name, i, 'unterminated dollar-quoted string');
        push('string', text.slice(i + tag.length, close), i);
        i = close + tag.length;
        continue;
      }
      checkCode(text, i, rules);
      push('code', c, i);
      i++;
    }
  }
  return tokens;
}

/** The statements between top-level `;`: each the tokens of one statement with code in it. */
export function statementsOf(tokens: readonly Token[]): Token[][] {
  const statements: Token[][] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.some((t) => t.kind !== 'space' && t.kind !== 'comment')) statements.push(current);
    current = [];
  };
  for (const token of tokens) {
    if (token.kind === 'semicolon') flush();
    else current.push(token);
  }
  flush();
  return statements;
}

/** How the grammar node-sql-parser uses for a warehouse quotes an identifier. */
export type IdentifierQuote = '"' | '`';

/** Quotes, backslashes and control characters: what could end or escape a re-quoted literal in some grammar. */
const UNSAFE_IN_LITERAL = /['"`\\\p{Cc}]/gu;

/**
 * One statement as the grammar should read it: comments become a space, every string a plain `'…'` and every quoted
 * identifier the grammar's quote around its name, each with any quote, backslash or control character inside
 * replaced by `_`. The grammar then cannot read a boundary, an escape or a comment the warehouse's lexer did not.
 */
export function renderForGrammar(statement: readonly Token[], quote: IdentifierQuote): string {
  return statement
    .map((t) => {
      if (t.kind === 'comment') return ' ';
      if (t.kind === 'string') return `'${t.text.replace(UNSAFE_IN_LITERAL, '_')}'`;
      if (t.kind === 'identifier') return `${quote}${t.text.replace(UNSAFE_IN_LITERAL, '_')}${quote}`;
      return t.text;
    })
    .join('');
}
