// userAgent: the one User-Agent format of every app, `obmcp-<app>/<version> (Language=TypeScript)` (SP-API's recommended form).

/** `sp-mcp`, `0.2.0` → `obmcp-sp/0.2.0 (Language=TypeScript)`. */
export function userAgent(appName: string, version: string): string {
  return `obmcp-${appName.replace(/-mcp$/, '')}/${version} (Language=TypeScript)`;
}
