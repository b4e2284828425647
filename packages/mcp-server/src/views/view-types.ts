// The shape of one MCP Apps view an app serves: a ui:// resource (one HTML file) and the tools it shows.
export interface ViewDefinition {
  /** `ui://<server name>/<view>`; must start with the server's own `ui://<name>/`. */
  uri: string;
  /** Short machine-friendly name, as resources/list shows it. */
  name: string;
  title: string;
  description: string;
  /** Tools whose results this view renders; a name the server does not list is skipped (toolsets). */
  tools: readonly string[];
  /** The built, self-contained HTML file (read on the first resources/read, then kept). */
  file: URL;
}

/** What an app writes per view; `defineViews` adds the uri and the file. */
export interface ViewSpec {
  /** File stem under the package's dist/views/ and last segment of the uri, e.g. `sales-over-time`. */
  view: string;
  title: string;
  description: string;
  tools: readonly string[];
}
