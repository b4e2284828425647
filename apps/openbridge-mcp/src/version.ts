// The server's release version, reported in initialize and --version; equal to package.json "version" (app-layout.test.ts).
export const VERSION = '0.2.0';
