// The view runtime: connect to the host (ext-apps App), render each tool result, call tools back through the host.
import { App } from '@modelcontextprotocol/ext-apps/app-with-deps';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { renderChart } from './chart.js';
import { renderTable } from './data-table.js';
import { h } from './dom.js';
import { renderEmpty, renderEnvelope } from './envelope-panel.js';
import { applyHostContext, hostContext } from './host-context.js';
import type { JsonObject } from './json.js';
import { readResult } from './tool-result.js';
import type { CallInput, ViewModel } from './view-model.js';
import './styles.css';

export interface ViewProgram {
  /** Used in the app's name towards the host, e.g. `sales-over-time`. */
  name: string;
  /** The tool to call back when the host does not say which tool produced the result. */
  defaultTool: string;
  build(data: JsonObject, input: CallInput): ViewModel;
  /** Inputs that re-run the tool with other arguments (dates, report …), or null. */
  controls?(input: CallInput, run: (args: Record<string, unknown>) => void): HTMLElement | null;
}

type State = 'waiting' | 'loading' | 'ready' | 'empty' | 'envelope' | 'text' | 'error';

export function startView(program: ViewProgram): App {
  const root = document.getElementById('app') ?? document.body;
  const input: CallInput = { tool: undefined, arguments: {} };
  let last: CallToolResult | undefined;
  const app = new App(
    { name: `obmcp-${program.name}`, version: '1.0.0' },
    { availableDisplayModes: ['inline', 'fullscreen'] },
  );
  const setState = (state: State) => {
    document.body.dataset.state = state;
  };

  async function run(args: Record<string, unknown>, tool?: string): Promise<void> {
    setState('loading');
    root.setAttribute('aria-busy', 'true');
    try {
      const result = await app.callServerTool({
        name: tool ?? input.tool ?? program.defaultTool,
        arguments: args,
      });
      if (tool) input.tool = tool;
      input.arguments = args;
      show(result);
    } catch (error) {
      show({
        isError: true,
        content: [
          {
            type: 'text',
            text: JSON.stringify({
              summary: `The host could not call the tool: ${String(error)}`,
              error_code: 'HOST_CALL_FAILED',
              error_kind: 'host',
              retryable: true,
            }),
          },
        ],
      });
    } finally {
      root.removeAttribute('aria-busy');
    }
  }

  /** A result the view cannot draw still says so (never a blank or frozen frame). */
  function show(result: CallToolResult): void {
    try {
      draw(result);
    } catch (error) {
      setState('error');
      root.replaceChildren(
        renderEnvelope({
          summary: `This view could not draw the result (${String(error)}); the agent still has the data.`,
          error_kind: 'view',
          error_code: 'VIEW_RENDER_FAILED',
          retryable: false,
          hints: [],
        }),
      );
    }
  }

  function draw(result: CallToolResult): void {
    last = result;
    const read = readResult(result);
    if (read.kind === 'envelope') {
      setState('envelope');
      root.replaceChildren(renderEnvelope(read.envelope));
      return;
    }
    if (read.kind === 'text') {
      setState('text');
      root.replaceChildren(h('pre', { class: 'text-result' }, read.text));
      return;
    }
    const model = program.build(read.data, input);
    const parts: HTMLElement[] = [
      h('header', { class: 'view-header' }, h('h1', {}, model.title), displayModeToggle()),
    ];
    if (model.facts.length > 0)
      parts.push(
        h(
          'dl',
          { class: 'facts' },
          ...model.facts.map(([k, v]) => h('div', {}, h('dt', {}, k), h('dd', {}, v))),
        ),
      );
    const controls = program.controls?.(input, (args) => void run(args));
    if (controls) parts.push(controls);
    if (model.rows.length === 0) {
      parts.push(renderEmpty(model.emptyText));
    } else {
      if (model.chart) parts.push(renderChart(model.chart, model.chartRows ?? model.rows));
      parts.push(renderTable(model));
    }
    const next = model.next;
    if (next) {
      const button = h(
        'button',
        { type: 'button', class: 'next-call', 'data-role': 'next-call' },
        next.label,
      );
      button.addEventListener('click', () => void run(next.arguments, next.tool));
      parts.push(h('p', {}, button));
    }
    setState(model.rows.length === 0 ? 'empty' : 'ready');
    root.replaceChildren(...parts);
  }

  /** Full screen and back, when the host offers it (the spec: check availableDisplayModes first). */
  function displayModeToggle(): HTMLElement | null {
    const context = hostContext();
    if (!context.availableDisplayModes?.includes('fullscreen')) return null;
    const full = context.displayMode === 'fullscreen';
    const button = h(
      'button',
      { type: 'button', class: 'display-mode', 'data-role': 'display-mode' },
      full ? 'Exit full screen' : 'Full screen',
    );
    button.addEventListener('click', () => {
      void app.requestDisplayMode({ mode: full ? 'inline' : 'fullscreen' }).then(({ mode }) => {
        // The host answers with the mode it chose (it may differ from the request).
        applyHostContext({ displayMode: mode });
        if (last) show(last);
      });
    });
    return button;
  }

  setState('waiting');
  root.replaceChildren(h('p', { class: 'waiting', role: 'status' }, 'Waiting for the tool result…'));
  app.ontoolinput = (params) => {
    input.arguments = { ...(params.arguments ?? {}) };
  };
  app.ontoolresult = (result) => show(result as CallToolResult);
  app.ontoolcancelled = () => {
    setState('empty');
    root.replaceChildren(renderEmpty('The tool call was cancelled.'));
  };
  app.onhostcontextchanged = (update) => {
    const before = hostContext().theme;
    applyHostContext(update);
    // Chart colours come from the host's variables, the toggle from the display mode: draw again.
    if (((update.theme && update.theme !== before) || update.displayMode) && last) show(last);
  };
  app.onteardown = async () => ({});
  void app.connect().then(() => {
    const context = applyHostContext(app.getHostContext());
    input.tool = context.toolInfo?.tool.name;
  });
  return app;
}
