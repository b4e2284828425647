// Follows the host: theme, its CSS variables and fonts, display mode, locale, time zone and safe-area insets.
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { applyDocumentTheme, applyHostFonts, applyHostStyleVariables } from './bridge.js';
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
  // The spec's safe area (mobile notches, home indicators): padding on top of the view's own (styles.css).
  const insets = update.safeAreaInsets;
  if (insets)
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const px: unknown = insets[side];
      if (Number.isFinite(px) && (px as number) >= 0) root.style.setProperty(`--safe-${side}`, `${px}px`);
    }
  const dims = update.containerDimensions;
  if (dims && 'maxHeight' in dims && dims.maxHeight) root.style.maxHeight = `${dims.maxHeight}px`;
  return current;
}

export function hostContext(): McpUiHostContext {
  return current;
}
