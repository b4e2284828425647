// multipart/form-data request bodies: each `format: binary` part becomes a file argument (base64 bytes or a path).
import type { JsonSchemaObject } from '../catalog-types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a request media type is a form the server must encode itself (not a JSON document). */
export const isMultipart = (mediaType: string | undefined): boolean =>
  mediaType !== undefined && mediaType.toLowerCase().startsWith('multipart/form-data');

/** The argument a binary part takes: exactly one of base64 bytes or a path (read inside the upload directory). */
export function fileArgumentSchema(description: unknown): JsonSchemaObject {
  return {
    type: 'object',
    description: [
      typeof description === 'string' ? description : undefined,
      'A file: its bytes as base64, or a path to a file inside the directory the server allows for uploads.',
    ]
      .filter(Boolean)
      .join(' '),
    properties: {
      base64: { type: 'string', minLength: 1, description: 'The file bytes, base64-encoded.' },
      path: {
        type: 'string',
        minLength: 1,
        description: 'A file inside the server’s upload directory (relative to it, or absolute within it).',
      },
      filename: { type: 'string', minLength: 1, description: 'The part’s file name (default: from path).' },
      contentType: { type: 'string', minLength: 1, description: 'The part’s media type.' },
    },
    oneOf: [{ required: ['base64'] }, { required: ['path'] }],
    additionalProperties: false,
  };
}

/**
 * The multipart body schema with its binary parts as file arguments, and their names (the recipe's
 * `formFiles`). Other parts stay as the spec has them (strings, sent as text parts).
 */
export function multipartBody(schema: JsonSchemaObject): { schema: JsonSchemaObject; files: string[] } {
  const properties = isObj(schema.properties) ? schema.properties : {};
  const files: string[] = [];
  const out: Obj = {};
  for (const [name, part] of Object.entries(properties)) {
    if (isObj(part) && part.format === 'binary') {
      files.push(name);
      out[name] = fileArgumentSchema(part.description);
    } else out[name] = part;
  }
  return { schema: { ...schema, type: 'object', properties: out }, files };
}
