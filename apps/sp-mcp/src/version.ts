// The server's release version (kept equal to package.json "version"; a test checks it).
export const SP_MCP_VERSION = '0.1.0';
