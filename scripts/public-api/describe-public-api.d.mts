// Types of describe-public-api.mjs for the TypeScript test files that run the gate.
export declare function describePublicApi(testDir: string, runtimeOf?: Record<string, string[]>): void;
