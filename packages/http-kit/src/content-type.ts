// Content-type sniffing: is this response body JSON?
const JSON_TYPE = /^(?:application\/(?:[a-z0-9!#$&^_.-]+\+)?json|text\/json)$/i;

/** True for application/json, text/json and any `+json` suffix (application/vnd.foo.v1+json). */
export function isJsonContentType(value: string | null | undefined): boolean {
  if (!value) return false;
  const mediaType = value.split(';', 1)[0]?.trim() ?? '';
  return JSON_TYPE.test(mediaType);
}
