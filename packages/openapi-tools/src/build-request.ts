// Executes a recipe's data part: tool arguments → method, encoded path + query, headers and body.
import { checkHeaderValue, fillPath, type PathValue } from '@obmcp/http-kit/wire';
import type { HttpMethod, JsonValue, Recipe } from './catalog-types.js';

export interface BuiltRequest {
  method: HttpMethod;
  /** Path with every placeholder filled and encoded, plus `?query` when there is one. */
  pathAndQuery: string;
  /**
   * Header arguments, and Content-Type/Accept from the recipe (a Content-Type argument wins; no Accept when the
   * operation declares no success media type). Lower-case names.
   */
  headers: Record<string, string>;
  /** The JSON body, when the recipe has one and the arguments carry it. */
  body?: JsonValue;
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Arguments must already be validated against the operation's inputSchema (required path
 * arguments present). Missing optional arguments are left out; arrays follow the param's style. A null
 * query value (a nullable parameter) is left out too: OpenAPI styles follow RFC 6570, where null is undefined.
 * Path values go through http-kit's `fillPath` (one segment each, greedy ones with literal slashes; empty,
 * `.`, `..` and control characters refused as input); header values through `checkHeaderValue`. An `Accept`
 * header argument (an operation whose success media type depends on the resource) replaces the recipe's.
 */
export function buildRequest(recipe: Recipe, args: Record<string, unknown>): BuiltRequest {
  const pathValues: Record<string, PathValue> = {};
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  let body: JsonValue | undefined;
  for (const param of recipe.params) {
    const value = args[param.arg];
    if (value === undefined || (value === null && param.in === 'query')) continue;
    switch (param.in) {
      case 'path':
        pathValues[param.name] = {
          value: scalar(value),
          pointer: param.arg,
          ...(param.greedy ? { greedy: true } : {}),
        };
        break;
      case 'query':
        if (Array.isArray(value)) {
          if (value.length === 0) break;
          if (param.style === 'multi') for (const item of value) query.append(param.name, scalar(item));
          else query.append(param.name, value.map(scalar).join(','));
        } else query.append(param.name, scalar(value));
        break;
      case 'header':
        headers[param.name.toLowerCase()] = checkHeaderValue(
          Array.isArray(value) ? value.map(scalar).join(',') : scalar(value),
          param.arg,
        );
        break;
      case 'body':
        body = value as JsonValue;
        break;
    }
  }
  // A declared Content-Type argument is the caller's choice (OpenAPI 3 says to ignore such a parameter, but
  // Amazon's specs declare and require it): it wins over the recipe's type, and is sent even without a body.
  if (body !== undefined && recipe.contentType && headers['content-type'] === undefined)
    headers['content-type'] = recipe.contentType;
  if (recipe.accept && headers.accept === undefined) headers.accept = recipe.accept;
  const path = fillPath(recipe.path, pathValues);
  const search = query.toString();
  const built: BuiltRequest = {
    method: recipe.method,
    pathAndQuery: search ? `${path}?${search}` : path,
    headers,
  };
  if (body !== undefined) built.body = body;
  return built;
}
