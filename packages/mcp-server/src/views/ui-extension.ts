// MCP Apps (io.modelcontextprotocol/ui, spec 2026-01-26) facts the server side needs, from ext-apps itself.
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { ClientCapabilities } from '@modelcontextprotocol/server';

export { EXTENSION_ID as UI_EXTENSION_ID, RESOURCE_MIME_TYPE as VIEW_MIME_TYPE };

/** The server's `capabilities.extensions` entry when it serves views. */
export const UI_EXTENSION_CAPABILITY = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/** True when the client said in `initialize` that it renders `text/html;profile=mcp-app` views. */
export function clientRendersViews(capabilities: ClientCapabilities | undefined): boolean {
  return getUiCapability(capabilities)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true;
}

/**
 * A view's `_meta.ui`: no external origin of any kind (the HTML inlines everything), so every CSP
 * domain list is empty and the host's restrictive default applies; a border suits a chart or a table.
 */
export const VIEW_RESOURCE_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
};
