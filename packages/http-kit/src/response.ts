// Wraps a fully read body as an UpstreamResponse with lazy, cached text()/json().
import { isJsonContentType } from './content-type.js';
import { type ExchangeInfo, invalidResponseError } from './transport-errors.js';
import type { UpstreamResponse } from './types.js';

// TextDecoder's default: UTF-8.
const decoder = new TextDecoder();

export function buildResponse(
  response: Response,
  bytes: Uint8Array,
  info: ExchangeInfo,
  finalUrl: string,
): UpstreamResponse {
  const contentType = response.headers.get('content-type');
  let text: string | undefined;
  let parsed: { value: unknown } | undefined;
  const readText = (): string => {
    text ??= decoder.decode(bytes);
    return text;
  };
  return {
    status: response.status,
    // 200–299 (a fetch Response is never under 200).
    ok: response.ok,
    headers: response.headers,
    url: finalUrl,
    bytes,
    isJson: isJsonContentType(contentType),
    text: readText,
    json(): unknown {
      if (parsed) return parsed.value;
      try {
        parsed = { value: JSON.parse(readText()) as unknown };
      } catch {
        // No cause attached: a SyntaxError message quotes the body (could be a partial token).
        // A split with a limit of 1 always returns one element: the media type before any parameter.
        const type =
          (contentType ?? '')
            .split(';', 1)[0]!
            .replace(/[^\w.+/-]/g, '')
            .slice(0, 80) || 'none';
        throw invalidResponseError(
          info,
          `response body is not valid JSON (HTTP ${response.status}, content-type ${type}, ${bytes.byteLength} bytes)`,
        );
      }
      return parsed.value;
    },
  };
}
