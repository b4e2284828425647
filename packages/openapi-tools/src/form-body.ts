// Encodes form request bodies from tool arguments: multipart/form-data (text parts as given, file parts from base64 or a
// confined path) and application/x-www-form-urlencoded fields.
import { realpath, readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve, sep } from 'node:path';
import { DomainValidationError } from '@obmcp/contract';
import type { Recipe } from './catalog-types.js';

/** Files larger than this are refused (Amazon's asset limit is 1 MB; a path must not pull in a huge file). */
export const MAX_FORM_FILE_BYTES = 10 * 1024 * 1024;

export interface FormFileOptions {
  /**
   * The only directory a file `path` may be read from (its real path; symlinks out of it are refused). Unset:
   * a `path` is refused and the caller sends base64.
   */
  uploadDir?: string;
  /** The part media type when the file argument names none (e.g. the operation's `Content-Type` header argument). */
  defaultFileType?: string;
  /** The part file name when the file argument and its path name none (e.g. the `Content-Disposition` argument). */
  defaultFileName?: string;
}

export interface EncodedForm {
  bytes: Uint8Array;
  /** `multipart/form-data; boundary=…` */
  contentType: string;
}

function refuse(pointer: string, issue: string, hint: string): never {
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: `Argument ${pointer} cannot be sent: ${issue}.`,
    details: [{ path: pointer, issue, received_type: 'string' }],
    hints: [hint],
  });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

async function fileBytes(
  arg: Record<string, unknown>,
  pointer: string,
  options: FormFileOptions,
): Promise<Uint8Array> {
  if (typeof arg.base64 === 'string') {
    const text = arg.base64.replace(/\s/g, '');
    if (text.length % 4 !== 0 || !BASE64.test(text))
      refuse(
        `${pointer}/base64`,
        'is not base64',
        'Send the file bytes base64-encoded (A–Z, a–z, 0–9, +, /, = padding).',
      );
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length > MAX_FORM_FILE_BYTES)
      refuse(`${pointer}/base64`, `is larger than ${MAX_FORM_FILE_BYTES} bytes`, 'Send a smaller file.');
    return new Uint8Array(bytes);
  }
  const path = String(arg.path);
  if (options.uploadDir === undefined)
    refuse(
      `${pointer}/path`,
      'names a file, but this server reads no files (no upload directory is configured)',
      'Send the file as base64, or ask the operator to set the upload directory.',
    );
  const root = await realpath(options.uploadDir);
  const wanted = isAbsolute(path) ? path : resolve(root, path);
  let real: string;
  try {
    real = await realpath(wanted);
  } catch {
    refuse(`${pointer}/path`, 'names no readable file', 'Pass a file inside the upload directory.');
  }
  if (real !== root && !real.startsWith(`${root}${sep}`))
    refuse(`${pointer}/path`, 'is outside the upload directory', 'Pass a file inside the upload directory.');
  const info = await stat(real);
  if (!info.isFile()) refuse(`${pointer}/path`, 'is not a file', 'Pass a file inside the upload directory.');
  if (info.size > MAX_FORM_FILE_BYTES)
    refuse(`${pointer}/path`, `is larger than ${MAX_FORM_FILE_BYTES} bytes`, 'Send a smaller file.');
  return new Uint8Array(await readFile(real));
}

/**
 * The multipart body of a recipe with `formFiles`: each file part from its argument, every other part as text
 * (a non-string value as its JSON text). Serialized by the platform's own FormData encoder (undici), which
 * picks the boundary and escapes names; the caller sends `bytes` with `contentType`.
 */
export async function encodeFormBody(
  recipe: Pick<Recipe, 'formFiles'>,
  body: unknown,
  options: FormFileOptions = {},
): Promise<EncodedForm> {
  const form = new FormData();
  const files = new Set(recipe.formFiles);
  const parts = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  for (const [name, value] of Object.entries(parts as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (files.has(name) && value !== null && typeof value === 'object') {
      const arg = value as Record<string, unknown>;
      const bytes = await fileBytes(arg, `body/${name}`, options);
      const type =
        typeof arg.contentType === 'string'
          ? arg.contentType
          : (options.defaultFileType ?? 'application/octet-stream');
      const filename =
        typeof arg.filename === 'string'
          ? arg.filename
          : typeof arg.path === 'string'
            ? basename(arg.path)
            : (options.defaultFileName ?? name);
      form.append(name, new Blob([bytes], { type }), filename);
    } else form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const encoded = new Response(form);
  // A FormData body always gets its `multipart/form-data; boundary=…` type.
  const contentType = String(encoded.headers.get('content-type'));
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType };
}

/** Whether a request media type is an urlencoded form (its body is fields, never a JSON document). */
export const isUrlEncodedForm = (mediaType: string | undefined): boolean =>
  mediaType !== undefined && /^application\/x-www-form-urlencoded\b/i.test(mediaType.trim());

/**
 * An `application/x-www-form-urlencoded` body from a form operation's `body` argument (its fields): each field once, an
 * array comma-joined (Swagger 2.0's default collection format), an object as its JSON text; undefined and null fields
 * are left out. Sent as URLSearchParams, the pipeline labels it `application/x-www-form-urlencoded` itself.
 */
export function encodeUrlEncodedBody(body: unknown): URLSearchParams {
  const form = new URLSearchParams();
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    form.append(name, Array.isArray(value) ? value.map(text).join(',') : text(value));
  }
  return form;
}

/**
 * The body a recipe sends, as the operation's media type wants it: a multipart form (file parts from base64 or the
 * upload directory) with its boundary type, an urlencoded form (fields), or the JSON value as it is; no body: none.
 */
export async function encodeRequestBody(
  recipe: Pick<Recipe, 'contentType' | 'formFiles'>,
  body: unknown,
  options: FormFileOptions = {},
): Promise<{ body?: unknown; contentType?: string }> {
  if (body === undefined) return {};
  if (recipe.formFiles !== undefined) {
    const form = await encodeFormBody(recipe, body, options);
    return { body: form.bytes, contentType: form.contentType };
  }
  return isUrlEncodedForm(recipe.contentType) ? { body: encodeUrlEncodedBody(body) } : { body };
}
