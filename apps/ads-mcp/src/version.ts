// The server's release version (kept in step with package.json and CHANGELOG.md).
export const VERSION = '0.2.0';
