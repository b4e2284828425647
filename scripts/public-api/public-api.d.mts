// Types of public-api.mjs for the TypeScript tests that import it.
export declare const REPO_ROOT: string;
export declare const UPDATE_PUBLIC_API_ENV: string;
export declare function entryPoints(packageDir: string): { name: string; entries: Record<string, string> };
export declare function exportedNames(entryFile: string): string[];
export declare function bare(listed: string): string;
export declare function runtimePackages(entryFile: string): string[];
export declare function workspaceImports(
  packageName: string,
  packageDir: string,
): Map<string, Map<string, string>>;
export declare function publicApi(packageDir: string): Record<string, string[]>;
export declare function checkCommittedApi(
  packageDir: string,
  listFile: string,
): { current: string; committed: string };
