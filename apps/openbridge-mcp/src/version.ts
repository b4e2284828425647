// The server version reported in initialize and get_capabilities (keep in step with package.json).
export const VERSION = '0.2.0';
