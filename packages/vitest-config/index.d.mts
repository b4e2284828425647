// Types of index.mjs for the packages' vitest.config.ts files.
import type { UserConfig } from 'vitest/config';

export declare function libraryVitestConfig(options: {
  ownModules: string[];
  isolateUnderStryker?: boolean;
}): UserConfig;
export declare function appVitestConfig(options: { timeout: number }): UserConfig;
