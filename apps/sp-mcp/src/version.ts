// The server's release version (kept equal to package.json "version"; a test checks it).
export const VERSION = '0.2.0';
