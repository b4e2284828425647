// The views a server serves: resources/list and resources/read answers, and each tool's `_meta.ui` link.
import { readFile } from 'node:fs/promises';
import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
  ResourceNotFoundError,
} from '@modelcontextprotocol/server';
import { VIEW_MIME_TYPE, VIEW_RESOURCE_META } from './ui-extension.js';
import type { ViewDefinition } from './view-types.js';

/** JSON-RPC code for an unknown resource: -32602 Invalid params with `data.uri` (SEP-2164; was -32002). */
export const RESOURCE_NOT_FOUND = -32602;

export interface ViewRegistry {
  readonly size: number;
  list(): Resource[];
  read(uri: string): Promise<ReadResourceResult>;
  /** `_meta.ui` (and the deprecated flat key older hosts read) for a tool, or undefined. */
  toolMeta(tool: string): Record<string, unknown> | undefined;
}

/** Checks every uri belongs to `server` and is unique, and that no tool is bound to two views. */
export function createViewRegistry(server: string, views: readonly ViewDefinition[]): ViewRegistry {
  const byUri = new Map<string, ViewDefinition>();
  const byTool = new Map<string, string>();
  for (const view of views) {
    if (!view.uri.startsWith(`ui://${server}/`))
      throw new Error(`view ${view.uri}: not under ui://${server}/`);
    if (byUri.has(view.uri)) throw new Error(`duplicate view ${view.uri}`);
    byUri.set(view.uri, view);
    for (const tool of view.tools) {
      if (byTool.has(tool)) throw new Error(`tool ${tool} is bound to two views`);
      byTool.set(tool, view.uri);
    }
  }
  const html = new Map<string, Promise<string>>();
  const htmlOf = (view: ViewDefinition): Promise<string> => {
    let text = html.get(view.uri);
    if (!text) {
      text = readFile(view.file, 'utf8');
      // A missing file is not remembered: a later build can still supply it.
      text.catch(() => html.delete(view.uri));
      html.set(view.uri, text);
    }
    return text;
  };
  return {
    size: byUri.size,
    list: () =>
      [...byUri.values()].map((v) => ({
        uri: v.uri,
        name: v.name,
        title: v.title,
        description: v.description,
        mimeType: VIEW_MIME_TYPE,
        _meta: VIEW_RESOURCE_META,
      })),
    async read(uri) {
      const view = byUri.get(uri);
      if (!view) throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
      let text: string;
      try {
        text = await htmlOf(view);
      } catch {
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `view ${uri} is not built (its HTML file is missing)`,
        );
      }
      return { contents: [{ uri, mimeType: VIEW_MIME_TYPE, text, _meta: VIEW_RESOURCE_META }] };
    },
    toolMeta(tool) {
      const uri = byTool.get(tool);
      return uri === undefined ? undefined : { ui: { resourceUri: uri }, 'ui/resourceUri': uri };
    },
  };
}
