// Reads a vendored spec as JSON (with the errata of errata.ts), or fully dereferenced through @readme/openapi-parser.
import { readFileSync } from 'node:fs';
import type { OpenAPI } from 'openapi-types';
import { applyErrata } from './errata.js';
import type { SpecFile } from './spec-files.js';

/** A Swagger 2.0 or OpenAPI 3.x document. */
export type ApiDocument = OpenAPI.Document;

/**
 * The file as published (refs intact), with its errata applied (errata.ts: values that contradict their
 * own documentation). A fresh object on every call, so callers may mutate it.
 */
export function readSpec(file: SpecFile): ApiDocument {
  return applyErrata(file, JSON.parse(readFileSync(file.absPath, 'utf8')) as ApiDocument);
}

/** The file exactly as published, errata not applied. */
export function readPublishedSpec(file: SpecFile): ApiDocument {
  return JSON.parse(readFileSync(file.absPath, 'utf8')) as ApiDocument;
}

export interface DereferenceOptions {
  /**
   * `'ignore'` (default): circular references stay as `$ref` strings, so the result is a finite
   * tree JSON.stringify can write. `true`: they become object cycles (every schema fully resolved;
   * walk with cycle detection).
   */
  circular?: 'ignore' | true;
}

/**
 * The document with every `$ref` resolved. Resolution is local only: the vendored specs reference
 * nothing outside themselves.
 */
export async function dereferenceSpec(
  file: SpecFile,
  options: DereferenceOptions = {},
): Promise<ApiDocument> {
  // Imported here, not at module load: readers of raw specs (the mocks) never pay for the parser.
  const { dereference } = await import('@readme/openapi-parser');
  return dereference(readSpec(file), {
    resolve: { external: false },
    dereference: { circular: options.circular ?? 'ignore' },
  });
}
