// Follows the host: theme, its CSS variables and fonts (ext-apps helpers), display mode, locale.
import {
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-with-deps';
import { setLocale, setTimeZone } from './format.js';

let current: McpUiHostContext = {};

/** Merges a (partial) context update, as the spec asks, and applies what changed. */
export function applyHostContext(update: McpUiHostContext | undefined): McpUiHostContext {
  if (!update) return current;
  current = { ...current, ...update };
  const root = document.documentElement;
  if (update.theme) applyDocumentTheme(update.theme);
  if (update.styles?.variables) applyHostStyleVariables(update.styles.variables);
  if (update.styles?.css?.fonts) applyHostFonts(update.styles.css.fonts);
  if (update.displayMode) root.dataset.displayMode = update.displayMode;
  if (update.locale) {
    setLocale(update.locale);
    root.lang = update.locale;
  }
  if (update.timeZone) setTimeZone(update.timeZone);
  const dims = update.containerDimensions;
  if (dims && 'maxHeight' in dims && dims.maxHeight) root.style.maxHeight = `${dims.maxHeight}px`;
  return current;
}

export const hostContext = (): McpUiHostContext => current;
