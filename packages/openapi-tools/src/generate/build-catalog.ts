// buildCatalog: every operation of a family's vendored specs → one catalog entry (name, schema, recipe …).
import {
  dereferenceSpec,
  listSpecFiles,
  parseUsagePlan,
  type SpecFamily,
  type SpecFile,
} from '@obmcp/upstream-specs';
import type {
  Catalog,
  CatalogOperation,
  JsonObjectValue,
  JsonSchemaObject,
  Recipe,
} from '../catalog-types.js';
import { shortDescription } from './describe.js';
import { buildExamples, withDocumented } from './examples.js';
import { assignNames, type NameCandidate, snakeCase, titleOf, versionLabel } from './names.js';
import { byName } from '../read-catalog.js';
import { chooseMediaType } from './media-choice.js';
import { acceptOf, errorsInSuccess, specArguments } from './parameters.js';
import { type SpecOperation, specOperations } from './spec-operations.js';
import { isWrite } from './writes.js';

export interface CatalogOptions {
  family: SpecFamily;
  /** The spec files to read; default every vendored file of the family (generator tests pass fixtures). */
  files?: readonly SpecFile[];
  /** The toolset (API name) of a spec file, e.g. `orders` for `orders-api-model/ordersV0.json`. */
  toolsetOf: (file: SpecFile) => string;
  /** Header parameters the server supplies (any case); kept out of inputSchema, listed in the recipe. */
  serverHeaders?: readonly string[];
  /** operationIds of non-GET operations that only read (e.g. `createReport`). */
  readOperations?: readonly string[];
  /**
   * When set, operations with the same method+path across files become one entry: the file that
   * sorts first by this comparator wins (e.g. per-product Ads files over AdsAPIv1All). `declaredBy` names
   * every file (stem) that declares the method+path, so a rule may depend on how many products share it.
   */
  preferFile?: (a: SpecFile, b: SpecFile, declaredBy: readonly string[]) => number;
  /** Files to leave out entirely, by stem. */
  skipFiles?: readonly string[];
  /**
   * Examples the API's own documentation gives for an operation (by operationId), where the sandbox
   * request and the sample cannot form a request the API accepts (a rule stated only in prose). Listed
   * first; one that does not validate is reported as a problem.
   */
  documentedExamples?: Readonly<Record<string, readonly JsonObjectValue[]>>;
  /**
   * The media type to use where an operation declares several (by `<file stem>.<operationId>`): one the
   * spec declares, e.g. the vendor type's current version that a curated tool is written for.
   */
  mediaTypes?: Readonly<Record<string, string>>;
  /** Longest tool description (default 240) and property description (default 200). */
  maxDescription?: number;
  maxPropertyDescription?: number;
}

/** An operation that could not be turned into a tool, with the reason. */
export interface CatalogProblem {
  api: string;
  operationId: string;
  problem: string;
}

export interface CatalogBuild {
  catalog: Catalog;
  problems: CatalogProblem[];
}

/**
 * Generation refused: the specs hold defects that would make tools send requests the API refuses (a path
 * placeholder without a parameter, a required body name never declared). Lists every one; each is settled
 * by an erratum in @obmcp/upstream-specs (src/errata.ts), never by dropping it.
 */
export class SpecDefectsError extends Error {
  constructor(readonly defects: readonly CatalogProblem[]) {
    super(
      `${defects.length} spec defect(s); settle each with an erratum in @obmcp/upstream-specs (src/errata.ts):\n` +
        defects.map((d) => `  ${d.api} ${d.operationId}: ${d.problem}`).join('\n'),
    );
    this.name = 'SpecDefectsError';
  }
}

interface Pending {
  file: SpecFile;
  op: SpecOperation;
  entry: Omit<CatalogOperation, 'name'>;
  candidate: NameCandidate;
}

function inputSchemaOf(args: ReturnType<typeof specArguments>['args']): JsonSchemaObject {
  const properties: Record<string, JsonSchemaObject> = {};
  const required: string[] = [];
  for (const { param, schema } of args) {
    properties[param.arg] = schema;
    if (param.required) required.push(param.arg);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

export async function buildCatalog(options: CatalogOptions): Promise<CatalogBuild> {
  const readOps = new Set(options.readOperations);
  const prefer = options.preferFile;
  const skip = new Set(options.skipFiles);
  const schemaOptions = { maxDescription: options.maxPropertyDescription ?? 200 };
  const problems: CatalogProblem[] = [];
  const defects: CatalogProblem[] = [];
  const pending: Pending[] = [];
  /** With preferFile: every file's entry for one method+path, and the place in `pending` the first one took. */
  const contenders = new Map<string, { at: number; items: Pending[] }>();
  for (const file of options.files ?? listSpecFiles(options.family)) {
    if (skip.has(file.stem)) continue;
    const doc = (await dereferenceSpec(file, { circular: true })) as unknown as Record<string, unknown>;
    for (const declared of specOperations(doc)) {
      const toolset = options.toolsetOf(file);
      const version = versionLabel(declared.path, file.stem);
      const media = options.mediaTypes?.[`${file.stem}.${declared.operationId}`];
      let op = declared;
      let built: ReturnType<typeof specArguments>;
      try {
        if (media) op = chooseMediaType(declared, media);
        built = specArguments(op, { ...schemaOptions, serverHeaders: options.serverHeaders ?? [] });
      } catch (error) {
        problems.push({ api: file.stem, operationId: declared.operationId, problem: String(error) });
        continue;
      }
      for (const problem of built.defects)
        defects.push({ api: file.stem, operationId: op.operationId, problem });
      const inputSchema = inputSchemaOf(built.args);
      const params = built.args.map((a) => a.param);
      const recipe: Recipe = { method: op.method, path: op.path, params };
      if (built.contentType) recipe.contentType = built.contentType;
      if (built.formFiles) recipe.formFiles = built.formFiles;
      const accept = acceptOf(op);
      if (accept) recipe.accept = accept;
      if (built.serverHeaders.length > 0) recipe.serverHeaders = built.serverHeaders;
      if (errorsInSuccess(op)) recipe.errorsInSuccess = true;
      const documented = options.documentedExamples?.[op.operationId] ?? [];
      const examples = withDocumented(documented, buildExamples(op, params, inputSchema), inputSchema);
      if (examples.documentedInvalid)
        problems.push({
          api: file.stem,
          operationId: op.operationId,
          problem: 'a documented example does not validate',
        });
      if (examples.list.length === 0)
        problems.push({ api: file.stem, operationId: op.operationId, problem: 'no example validates' });
      const tag = [toolset, version.replace(/_/g, '-')].filter(Boolean).join(' ');
      const text = shortDescription(op.summary, op.description, options.maxDescription ?? 240);
      const entry: Omit<CatalogOperation, 'name'> = {
        title: titleOf(op.operationId),
        description: `${text} [${tag}${op.deprecated ? ', deprecated' : ''}]`,
        toolset,
        writes: isWrite(op.method, op.operationId, readOps),
        deprecated: op.deprecated,
        inputSchema,
        examples: examples.list,
        recipe,
        usagePlan: parseUsagePlan(op.description),
        meta: { api: file.stem, operationId: op.operationId, method: op.method, path: op.path },
      };
      const item: Pending = {
        file,
        op,
        entry,
        candidate: { base: snakeCase(op.operationId), toolset, version, order: `${op.method} ${op.path}` },
      };
      if (prefer) {
        const route = `${op.method} ${op.path}`;
        const seen = contenders.get(route);
        if (seen) {
          seen.items.push(item);
          continue;
        }
        contenders.set(route, { at: pending.length, items: [item] });
      }
      pending.push(item);
    }
  }
  // Every file of a shared method+path is known only now: the comparator picks among all of them.
  // Filled only when preferFile is set: the first of the best among each route's files (ties keep file order).
  for (const { at, items } of contenders.values()) {
    const declaredBy = items.map((i) => i.file.stem);
    pending[at] = items.reduce((best, i) => (prefer!(i.file, best.file, declaredBy) < 0 ? i : best));
  }
  if (defects.length > 0) throw new SpecDefectsError(defects);
  const names = assignNames(pending.map((p) => p.candidate));
  const operations: CatalogOperation[] = pending
    .map((p, i) => ({ name: names[i]!, ...p.entry }))
    .sort(byName);
  return { catalog: { format: 1, family: options.family, operations }, problems };
}
