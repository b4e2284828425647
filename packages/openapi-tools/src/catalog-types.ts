// The catalog format: one entry per upstream operation, everything a server needs to serve it as a tool.

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object (tool arguments, examples). */
export type JsonObjectValue = { [key: string]: JsonValue };
/** A JSON Schema object (a tool's full input schema: self-contained, refs inlined; the contract derives its published view). */
export type JsonSchemaObject = { [key: string]: unknown };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ParamLocation = 'path' | 'query' | 'header' | 'body';

/** How one tool argument reaches the wire. */
export interface RecipeParam {
  /** Key in the tool's arguments (the spec's parameter name; `body` for an OpenAPI 3 request body). */
  arg: string;
  /** Name on the wire: path placeholder, query name or header name; '' for the body. */
  name: string;
  in: ParamLocation;
  required: boolean;
  /** Array encoding in query/header: `csv` comma-joined in one value, `multi` one pair per item. */
  style?: 'csv' | 'multi';
  /**
   * A path parameter the spec marks greedy (`x-amazon-spds-greedy-path-parameter`): its value spans several
   * segments, sent with literal slashes (each segment still encoded).
   */
  greedy?: true;
}

/** The request an operation sends, as data. */
export interface Recipe {
  method: HttpMethod;
  /** Path template with `{placeholders}`, as in the spec. */
  path: string;
  params: RecipeParam[];
  /** Request media type (sent as Content-Type when a body is sent). */
  contentType?: string;
  /**
   * A multipart/form-data body's file parts (each argument `{base64 | path, filename?, contentType?}`); the
   * client encodes the body as multipart (encodeFormBody), never as JSON.
   */
  formFiles?: string[];
  /** Success response media type (sent as Accept). */
  accept?: string;
  /** Header parameters the spec requires that the server supplies itself (never tool arguments). */
  serverHeaders?: string[];
  /**
   * A success response's schema requires a top-level `errors` list (e.g. a validation operation that
   * reports problems as its result): a 2xx body with `errors` is then a payload, not a failure.
   */
  errorsInSuccess?: true;
}

/**
 * A documented default usage plan (token bucket: requests per second, burst); read from the spec by the generator
 * (`@obmcp/upstream-specs`' parseUsagePlan, the same shape). Declared here so the published types need no private package.
 */
export interface UsagePlan {
  rate: number;
  burst: number;
}

/** Where a tool comes from: published as tool `_meta["io.obmcp/operation"]`. */
export interface OperationMeta {
  /** Spec file stem, e.g. `ordersV0`, `SponsoredProducts`. */
  api: string;
  operationId: string;
  method: HttpMethod;
  path: string;
}

/** The `_meta` key under which a tool declares its upstream operation. */
export const OPERATION_META_KEY = 'io.obmcp/operation';

/**
 * The `_meta` key under which a workflow tool that combines several operations lists them (an array of
 * OperationMeta). It does not replace their generated tools: those stay served under their own names.
 */
export const OPERATIONS_META_KEY = 'io.obmcp/operations';

export interface CatalogOperation {
  /** snake_case tool name, unique within the catalog. */
  name: string;
  /** Short human title (from the operationId). */
  title: string;
  /** Bounded description: summary + the first sentence that matters + [toolset version]. */
  description: string;
  /** The API (toolset) name, e.g. `orders`, `finances`. */
  toolset: string;
  /** The operation changes upstream state (non-GET, not a read-like POST). */
  writes: boolean;
  /** The spec marks the operation deprecated. */
  deprecated: boolean;
  /** Tool input schema: path, query, header and body arguments. Has no `examples` keyword. */
  inputSchema: JsonSchemaObject;
  /** ≥ 1 argument objects that validate against inputSchema. */
  examples: JsonObjectValue[];
  recipe: Recipe;
  /** Documented default usage plan, or null when the spec documents none. */
  usagePlan: UsagePlan | null;
  meta: OperationMeta;
}

export interface Catalog {
  /** Catalog format version. */
  format: 1;
  /** `openbridge`: hand-authored (Openbridge publishes no spec; @obmcp/openbridge-upstream). */
  family: 'sp-api' | 'amazon-ads' | 'openbridge';
  /** Operations sorted by name. */
  operations: CatalogOperation[];
}
