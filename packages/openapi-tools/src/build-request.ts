// Executes a recipe's data part: tool arguments → method, encoded path + query, headers and body.
import type { HttpMethod, JsonValue, Recipe } from './catalog-types.js';

export interface BuiltRequest {
  method: HttpMethod;
  /** Path with every placeholder filled and encoded, plus `?query` when there is one. */
  pathAndQuery: string;
  /** Header arguments, and Content-Type/Accept from the recipe. Lower-case names. */
  headers: Record<string, string>;
  /** The JSON body, when the recipe has one and the arguments carry it. */
  body?: JsonValue;
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Strict RFC 3986 segment encoding (encodeURIComponent leaves !'()* alone). */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Arguments must already be validated against the operation's inputSchema (required path
 * arguments present). Missing optional arguments are left out; arrays follow the param's style. A null
 * query value (a nullable parameter) is left out too: OpenAPI styles follow RFC 6570, where null is undefined.
 */
export function buildRequest(recipe: Recipe, args: Record<string, unknown>): BuiltRequest {
  let path = recipe.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  let body: JsonValue | undefined;
  for (const param of recipe.params) {
    const value = args[param.arg];
    if (value === undefined || (value === null && param.in === 'query')) continue;
    switch (param.in) {
      case 'path':
        path = path.split(`{${param.name}}`).join(encodeSegment(scalar(value)));
        break;
      case 'query':
        if (Array.isArray(value)) {
          if (value.length === 0) break;
          if (param.style === 'multi') for (const item of value) query.append(param.name, scalar(item));
          else query.append(param.name, value.map(scalar).join(','));
        } else query.append(param.name, scalar(value));
        break;
      case 'header':
        headers[param.name.toLowerCase()] = Array.isArray(value)
          ? value.map(scalar).join(',')
          : scalar(value);
        break;
      case 'body':
        body = value as JsonValue;
        break;
    }
  }
  if (body !== undefined && recipe.contentType) headers['content-type'] = recipe.contentType;
  if (recipe.accept) headers.accept = recipe.accept;
  const search = query.toString();
  const built: BuiltRequest = {
    method: recipe.method,
    pathAndQuery: search ? `${path}?${search}` : path,
    headers,
  };
  if (body !== undefined) built.body = body;
  return built;
}
