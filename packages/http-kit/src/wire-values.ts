// The one rule for argument values that land in a request path or header: refused as input when they would change the path or the header block.
import { DomainValidationError } from '@obmcp/contract';

/** A value for one `{placeholder}` of a path template, and where it came from in the tool's arguments. */
export interface PathValue {
  value: string;
  /** JSON pointer of the argument without the leading slash (`sku`, `body/id`); default: the placeholder name. */
  pointer?: string;
  /**
   * The spec marks the parameter greedy (`x-amazon-spds-greedy-path-parameter`): it spans several segments,
   * so its slashes are sent literal and each segment between them is encoded on its own.
   */
  greedy?: boolean;
}

/** C0 controls and DEL: never part of a header value or a path segment an API names. */
function hasControl(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function refuse(pointer: string, issue: string, received: string, hint: string): never {
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: `Argument ${pointer || '(root)'} cannot be sent: ${issue}.`,
    details: [{ path: pointer, issue, received_type: received }],
    hints: [hint],
  });
}

/** Strict RFC 3986 segment encoding (encodeURIComponent leaves !'()* alone). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * One path segment from an argument: refused when empty, `.` or `..` (URL resolution would drop it or
 * climb a level, so the request would reach another operation) or when it holds a control character.
 */
function segmentOf(value: string, pointer: string): string {
  if (hasControl(value))
    refuse(
      pointer,
      'contains a control character (CR, LF, …)',
      'string',
      'Remove line breaks and control characters from the value.',
    );
  if (value === '' || value === '.' || value === '..')
    refuse(
      pointer,
      value === ''
        ? 'is empty, so the request path would lose a segment'
        : `is "${value}", which URL resolution removes from the path`,
      'string',
      'Pass the real identifier: a path value must name one resource.',
    );
  if (isEncodedDotSegment(value))
    refuse(
      pointer,
      `is "${value}", a percent-encoded "." or "..", which a server that decodes it resolves like one`,
      'string',
      'Pass the real identifier: a path value must name one resource.',
    );
  return encodeSegment(value);
}

/** Percent-decoding rounds tried (`%252e` is two): enough for any encoding a value plausibly carries. */
const MAX_DECODE_ROUNDS = 8;

/** `%2e`, `%2E%2e`, `.%2e`, `%252e%252E` …: a value that, decoded once or more (any case), is `.` or `..`. */
function isEncodedDotSegment(value: string): boolean {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS && current.includes('%'); round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (next === '.' || next === '..') return true;
    if (next === current) return false;
    current = next;
  }
  return false;
}

/** The encoded path text of one value: one segment, or (greedy) several joined by literal slashes. */
export function pathValueText(v: PathValue, name: string): string {
  const pointer = v.pointer ?? name;
  if (!v.greedy) return segmentOf(v.value, pointer);
  return v.value
    .split('/')
    .map((part) => segmentOf(part, pointer))
    .join('/');
}

/**
 * Fills every `{name}` of a path template. A placeholder without a value is a programming error (the
 * tool's schema requires its path arguments), so it throws a plain Error.
 */
export function fillPath(template: string, values: Readonly<Record<string, PathValue>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return pathValueText(v, name);
  });
}

/** A header value from an argument: a control character would end the header (CRLF) or break the request. */
export function checkHeaderValue(value: string, pointer: string): string {
  if (hasControl(value))
    refuse(
      pointer,
      'contains a control character (CR, LF, …), which a header value cannot carry',
      'string',
      'Remove line breaks and control characters from the value.',
    );
  return value;
}

/**
 * The last line for a path some caller built by hand: a segment URL resolution would remove or an empty
 * interior segment means an argument changed which resource is asked for. The pointer is unknown here.
 * Absolute URLs are left alone: they come from configuration or from the upstream itself (a pre-signed
 * document URL may legitimately hold any object key), never from a template a tool filled.
 */
export function checkBuiltPath(path: string): void {
  if (/^https?:\/\//i.test(path)) return;
  const pathname = path.replace(/[?#].*/s, '');
  const segments = pathname.split('/').slice(1);
  segments.forEach((segment, i) => {
    const interiorEmpty = segment === '' && i < segments.length - 1;
    // `.`/`..` segments, raw or percent-encoded, and empty interior segments (`a//b`).
    if (
      interiorEmpty ||
      segment === '.' ||
      segment === '..' ||
      isEncodedDotSegment(segment) ||
      hasControl(segment)
    )
      refuse(
        '',
        `a path argument would change the request path (${pathname})`,
        'string',
        'Pass real identifiers: a path value must not be empty, "." or "..".',
      );
  });
}
