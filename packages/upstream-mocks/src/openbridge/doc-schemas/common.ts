// Building blocks of the doc schemas: JSON:API resources, paginated lists, documented error bodies.
export type JsonSchema = Record<string, unknown>;

/** One schema written from Openbridge's docs, with the file and section it was read from. */
export interface DocSchema {
  /** File in github.com/openbridge/embedded-api (or the reference server where the docs are silent). */
  doc: string;
  /** Section (heading) of that file the schema transcribes. */
  section: string;
  schema: JsonSchema;
}

export const INT_STRING = { type: 'string', pattern: '^\\d+$' } as const;

/** `{type, id, attributes, relationships?}` with the given type name and attributes schema. */
export function resource(
  type: string | readonly string[],
  attributes: JsonSchema,
  id: JsonSchema = INT_STRING,
) {
  return {
    type: 'object',
    required: ['type', 'id', 'attributes'],
    properties: {
      type: Array.isArray(type) ? { enum: type } : { const: type },
      id,
      attributes,
      relationships: { type: 'object' },
    },
  } as const;
}

/**
 * The paginated JSON:API list every list doc shows: `links.{first,last,next,prev}` (next/prev are ""
 * when absent), `data[]`, `meta.pagination.{page,pages,count}` (service-rules-api.md "Response").
 */
export function paginatedList(item: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['links', 'data', 'meta'],
    properties: {
      links: {
        type: 'object',
        required: ['first', 'last', 'next', 'prev'],
        properties: {
          first: { type: 'string' },
          last: { type: 'string' },
          next: { type: 'string' },
          prev: { type: 'string' },
        },
      },
      data: { type: 'array', items: item },
      meta: {
        type: 'object',
        required: ['pagination'],
        properties: {
          pagination: {
            type: 'object',
            required: ['page', 'pages', 'count'],
            properties: {
              page: { type: 'integer', minimum: 1 },
              pages: { type: 'integer', minimum: 1 },
              count: { type: 'integer', minimum: 0 },
            },
          },
        },
      },
    },
  };
}

/** `{data: <resource>}` (subscriptions-api.md "Get Subscription", remote-identity-api.md "Get Remote Identity"). */
export function single(item: JsonSchema): JsonSchema {
  return { type: 'object', required: ['data'], properties: { data: item } };
}

export const NULLABLE_INT = { type: ['integer', 'null'] } as const;
export const NULLABLE_STRING = { type: ['string', 'null'] } as const;
export const DATETIME = { type: 'string', minLength: 10 } as const;
export const NULLABLE_DATETIME = { type: ['string', 'null'] } as const;
