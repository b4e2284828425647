// Content-type sniffing: is this response body JSON?

/** True for application/json, text/json and any `+json` suffix (application/vnd.foo.v1+json). */
export function isJsonContentType(value: string | null | undefined): boolean {
  if (!value) return false;
  // split with a limit of 1 always returns one element: the media type before any parameter.
  const mediaType = value.split(';', 1)[0]!.trim();
  // Inside the function, not a module constant: a mutant of a module-level value is never active (static).
  return /^(?:application\/(?:[a-z0-9!#$&^_.-]+\+)?json|text\/json)$/i.test(mediaType);
}

/** The `charset` parameter of a Content-Type header, lower-cased (undefined when absent). */
export function charsetOf(value: string | null | undefined): string | undefined {
  // String(null) and String(undefined) name no charset; a match always holds its (non-empty) group.
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(String(value));
  return match === null ? undefined : match[1]!.toLowerCase();
}

export interface DecodedText {
  text: string;
  /** The WHATWG encoding name used (e.g. `utf-8`, `windows-1252`, `shift_jis`). */
  charset: string;
}

/**
 * Decodes a text body with the charset its Content-Type names (any WHATWG label TextDecoder knows:
 * windows-1252, Shift_JIS, ISO-8859-1 …); UTF-8 when none is named or the label is unknown.
 */
export function decodeText(bytes: Uint8Array, contentType: string | null | undefined): DecodedText {
  const decoder = decoderFor(charsetOf(contentType));
  // Streaming decode, then flush: Node 20's one-shot decode of windows-1252 takes a Latin-1 fast path that
  // leaves 0x80-0x9F (€, –, “ …) as C1 controls; the streaming path decodes them through ICU correctly.
  const text = decoder.decode(bytes, { stream: true }) + decoder.decode();
  return { text, charset: decoder.encoding };
}

function decoderFor(label: string | undefined): InstanceType<typeof TextDecoder> {
  try {
    // No label: TextDecoder's own default, UTF-8.
    return new TextDecoder(label);
  } catch {
    // RangeError: a label the platform does not know.
    return new TextDecoder();
  }
}
