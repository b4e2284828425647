// The official operations of an API family, routed by method + path template; documents load lazily.
import { readFileSync } from 'node:fs';
import { listSpecFiles, readSpec, type SpecFamily, type SpecFile } from '@obmcp/upstream-specs';
import type { Json } from './json-schema.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Where an operation lives; enough to route a request before its document is loaded. */
export interface OperationRoute {
  family: SpecFamily;
  /** Spec file stem (the `api` of `_meta["io.obmcp/operation"]`). */
  api: string;
  operationId: string;
  method: string;
  path: string;
  file: SpecFile;
  pattern: RegExp;
  pathParamNames: string[];
  /** Parameters the spec marks `x-amazon-spds-greedy-path-parameter` (they span several segments). */
  greedy: string[];
  literalSegments: number;
}

/** A routed operation with its spec document. */
export interface Operation extends OperationRoute {
  /** The spec document; every `$ref` in it resolves against it (local refs only). */
  doc: Json;
  dialect: 'swagger2' | 'oas3';
  operation: Json;
  pathItem: Json;
}

function compile(
  path: string,
  greedy: Set<string>,
): Pick<OperationRoute, 'pattern' | 'pathParamNames' | 'literalSegments'> {
  const names: string[] = [];
  let literal = 0;
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.includes('{')) {
        if (segment) literal += 1;
        return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      }
      return segment
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const m = /^\{([^}]+)\}$/.exec(part);
          if (!m?.[1]) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          names.push(m[1]);
          return greedy.has(m[1]) ? '(.+)' : '([^/]+)';
        })
        .join('');
    })
    .join('/');
  // Exactly the template: a trailing or doubled slash is an empty segment no template has.
  return { pattern: new RegExp(`^${source}$`), pathParamNames: names, literalSegments: literal };
}

function greedyParams(pathItem: Json, op: Json): Set<string> {
  const out = new Set<string>();
  for (const p of [...((pathItem.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])]) {
    if (p && p['x-amazon-spds-greedy-path-parameter'] === true) out.add(String(p.name));
  }
  return out;
}

/**
 * AdsAPIv1All repeats the per-product Ads API v1 files: a method+path one product file declares is that file's;
 * one several products declare (campaigns, ad groups, ads, targets) is All's, the union of every product's
 * request (as ads-mcp serves it: catalog-config.ts `rank`). Otherwise the first file wins.
 */
function preferred(routes: readonly OperationRoute[]): OperationRoute {
  const products = routes.filter((r) => r.api.startsWith('AdsAPIv1') && r.api !== 'AdsAPIv1All').length;
  const all = routes.find((r) => r.api === 'AdsAPIv1All');
  if (all && products > 1) return all;
  return routes.find((r) => r.api !== 'AdsAPIv1All') ?? (routes[0] as OperationRoute);
}

/** What routing needs of one operation, as plain data (the build writes it to `routes.json`). */
export interface RouteEntry {
  family: SpecFamily;
  relPath: string;
  operationId: string;
  method: string;
  path: string;
  greedy: string[];
}

/** Every operation of a family as read from the raw spec files. */
export function scanRoutes(family: SpecFamily): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const file of listSpecFiles(family)) {
    const doc = readSpec(file) as unknown as Json;
    for (const [path, item] of Object.entries((doc.paths as Record<string, Json>) ?? {})) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        out.push({
          family,
          relPath: file.relPath,
          operationId: String(op.operationId ?? `${method} ${path}`),
          method,
          path,
          greedy: [...greedyParams(item, op)],
        });
      }
    }
  }
  return out;
}

/** The build's manifest next to this module (dist only), so the first request parses no spec. */
function manifest(family: SpecFamily): RouteEntry[] | undefined {
  try {
    const all = JSON.parse(readFileSync(new URL('./routes.json', import.meta.url), 'utf8')) as RouteEntry[];
    return all.filter((r) => r.family === family);
  } catch {
    return undefined;
  }
}

function buildRoutes(family: SpecFamily): OperationRoute[] {
  const files = new Map(listSpecFiles(family).map((f) => [f.relPath, f]));
  const byKey = new Map<string, OperationRoute[]>();
  for (const entry of manifest(family) ?? scanRoutes(family)) {
    const file = files.get(entry.relPath);
    if (!file) continue;
    const { method, path } = entry;
    const route: OperationRoute = {
      family,
      api: file.stem,
      operationId: entry.operationId,
      method,
      path,
      file,
      greedy: entry.greedy,
      ...compile(path, new Set(entry.greedy)),
    };
    const key = `${method} ${path}`;
    const existing = byKey.get(key);
    if (existing) existing.push(route);
    else byKey.set(key, [route]);
  }
  // Most specific first: more literal segments, then fewer parameters.
  return [...byKey.values()]
    .map(preferred)
    .sort(
      (a, b) =>
        b.literalSegments - a.literalSegments ||
        a.pathParamNames.length - b.pathParamNames.length ||
        a.path.localeCompare(b.path),
    );
}

const routeCache = new Map<SpecFamily, OperationRoute[]>();
const docCache = new Map<string, Promise<Json>>();

/** Every unique operation of a family (method + path), built on first use from the raw files. */
export function operationRoutes(family: SpecFamily): OperationRoute[] {
  let routes = routeCache.get(family);
  if (!routes) {
    routes = buildRoutes(family);
    routeCache.set(family, routes);
  }
  return routes;
}

/**
 * Why a request path names no resource even though it is shaped like a template, or undefined: an
 * unfilled `{placeholder}` sent as the value, an encoded slash (`%2F`) inside a greedy parameter (the API
 * routes on the raw path: the value stays one segment, so no resource matches), a `.`/`..` segment
 * (raw or percent-encoded) or an empty segment.
 */
export function malformedPath(
  pathname: string,
  hit?: { route: OperationRoute; pathParams: Record<string, string> },
): string | undefined {
  const segments = pathname.split('/').slice(1);
  if (segments.some((s) => /^(\.|%2e){1,2}$/i.test(s))) return 'a . or .. path segment';
  if (!hit) return pathname !== '/' && segments.includes('') ? 'an empty path segment' : undefined;
  for (const [name, raw] of Object.entries(hit.pathParams)) {
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {}
    if (/^\{[^}]*\}$/.test(value)) return `the unfilled placeholder ${value} as ${name}`;
    if (hit.route.greedy.includes(name) && /%2f/i.test(raw)) return `an encoded slash in the greedy ${name}`;
  }
  return undefined;
}

/** The operation a request path reaches, with its path parameters (still percent-encoded). */
export function matchRoute(
  family: SpecFamily,
  method: string,
  pathname: string,
): { route: OperationRoute; pathParams: Record<string, string> } | undefined {
  const lower = method.toLowerCase();
  for (const route of operationRoutes(family)) {
    if (route.method !== lower) continue;
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    const pathParams: Record<string, string> = {};
    route.pathParamNames.forEach((name, i) => {
      pathParams[name] = m[i + 1] ?? '';
    });
    return { route, pathParams };
  }
  return undefined;
}

/**
 * The spec file as published, parsed once. Its `$ref`s are resolved where they are read (`deref`,
 * the schema converter, the sampler), which is what dereferencing does up front, without the
 * parser's cost on a server's first request and without object cycles.
 */
function loadDoc(file: SpecFile): Promise<Json> {
  let doc = docCache.get(file.absPath);
  if (!doc) {
    doc = Promise.resolve(readSpec(file) as unknown as Json);
    docCache.set(file.absPath, doc);
  }
  return doc;
}

/** The full operation of a route: its spec file is read on first use and cached. */
export async function loadOperation(route: OperationRoute): Promise<Operation> {
  const doc = await loadDoc(route.file);
  const pathItem = (doc.paths as Record<string, Json>)[route.path] as Json;
  return {
    ...route,
    doc,
    dialect: typeof doc.swagger === 'string' ? 'swagger2' : 'oas3',
    operation: pathItem[route.method] as Json,
    pathItem,
  };
}
