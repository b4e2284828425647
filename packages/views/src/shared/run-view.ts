// The view runtime: connect to the host (bridge.ts, MCP Apps over postMessage), render each tool result, call tools back through the host.
import { ViewBridge } from './bridge.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { renderChart } from './chart.js';
import { csvFileName } from './csv.js';
import { renderTable, type TableHost, type TableState } from './data-table.js';
import { h } from './dom.js';
import { renderEmpty, renderEnvelope } from './envelope-panel.js';
import { applyHostContext, hostContext } from './host-context.js';
import { arr, type JsonObject, obj } from './json.js';
import { modelContext } from './model-context.js';
import { rowSet } from './row-set.js';
import { readResult } from './tool-result.js';
import type { CallInput, DrillDown, Extras, Row, ViewModel } from './view-model.js';
import './styles.css';

export interface ViewProgram {
  /** Used in the app's name towards the host, e.g. `sales-over-time`. */
  name: string;
  /** The view's heading while it waits or when the call failed (a result's own title replaces it). */
  title: string;
  /** The tool to call back when the host does not say which tool produced the result. */
  defaultTool: string;
  build(data: JsonObject, input: CallInput): ViewModel;
  /** Inputs that re-run the tool with other arguments (dates, report …), or null. */
  controls?(input: CallInput, run: (args: Record<string, unknown>) => void): HTMLElement | null;
  /** Looked up once through the host before the first draw (e.g. the Ads profile's currency and time zone). */
  prepare?(
    call: (tool: string, args: Record<string, unknown>) => Promise<JsonObject | undefined>,
  ): Promise<Extras>;
}

/** The first array of objects in an answer (order items, ad groups, jobs …) when no key is named. */
function detailRows(data: JsonObject, key?: string): unknown[] {
  if (key) return arr(data[key]);
  for (const value of Object.values(data))
    if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) return value;
  return [];
}

/** A UUID the upstream generated for this call (a report or execution id): marked, so a screenshot can mask it. */
const GENERATED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type State = 'waiting' | 'loading' | 'ready' | 'empty' | 'envelope' | 'text' | 'error';

export function startView(program: ViewProgram): ViewBridge {
  const root = document.getElementById('app') ?? document.body;
  const input: CallInput = { tool: undefined, arguments: {} };
  let last: CallToolResult | undefined;
  /** The call that produced the result on screen (a retry repeats it). */
  let lastCall: { tool: string | undefined; arguments: Record<string, unknown> } | undefined;
  let model: ViewModel | undefined;
  let table: TableState | undefined;
  let selected: Row | undefined;
  let prepared: Promise<void> | undefined;
  const app = new ViewBridge(
    { name: `obmcp-${program.name}`, version: '1.0.0' },
    { availableDisplayModes: ['inline', 'fullscreen'] },
  );
  const setState = (state: State) => {
    document.body.dataset.state = state;
  };
  /** The one live region (outside the redrawn view): what changed, said once, not the whole view read again. */
  const announcer = document.getElementById('announce');
  const announce = (text: string) => {
    if (announcer) announcer.textContent = text;
  };

  /** CSV download and links out, each only when the host announced it (else the control is not drawn). */
  function tableHost(): TableHost {
    const caps = app.getHostCapabilities();
    return {
      ...(caps?.downloadFile
        ? {
            download: (csv: string) => {
              const name = csvFileName(program.name);
              void app
                .downloadFile({
                  contents: [
                    {
                      type: 'resource',
                      resource: { uri: `file:///${name}`, mimeType: 'text/csv', text: csv },
                    },
                  ],
                })
                .then(() => announce(`${name} handed to the host.`))
                .catch(() => announce('The host could not save the file.'));
            },
          }
        : {}),
      ...(caps?.openLinks
        ? {
            openLink: (url: string) =>
              void app.openLink({ url }).catch(() => announce(`The host could not open ${url}.`)),
          }
        : {}),
    };
  }

  /** Tells the conversation what the user now sees (hosts without the capability are skipped quietly). */
  function tellModel(): void {
    if (!app.getHostCapabilities()?.updateModelContext) return;
    const params = modelContext({
      view: program.name,
      model,
      input,
      table,
      selected,
      state: document.body.dataset.state ?? 'waiting',
    });
    void app.updateModelContext(params).catch(() => undefined);
  }

  async function callData(tool: string, args: Record<string, unknown>): Promise<JsonObject | undefined> {
    try {
      const result = await app.callServerTool({ name: tool, arguments: args });
      const read = readResult(result);
      return read.kind === 'data' ? read.data : undefined;
    } catch {
      return undefined;
    }
  }

  async function run(args: Record<string, unknown>, tool?: string, keepInput = false): Promise<void> {
    setState('loading');
    announce('Loading…');
    root.setAttribute('aria-busy', 'true');
    const name = tool ?? (keepInput ? undefined : input.tool) ?? input.tool ?? program.defaultTool;
    lastCall = { tool: name, arguments: args };
    try {
      const result = await app.callServerTool({ name, arguments: args });
      if (!keepInput) {
        if (tool) input.tool = tool;
        input.arguments = args;
      }
      selected = undefined;
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
        h('header', { class: 'view-header' }, h('h1', {}, program.title)),
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
      model = undefined;
      table = undefined;
      const again = lastCall ?? { tool: input.tool, arguments: input.arguments };
      root.replaceChildren(
        h('header', { class: 'view-header' }, h('h1', {}, program.title)),
        renderEnvelope(
          read.envelope,
          read.envelope.retryable ? () => void run(again.arguments, again.tool) : undefined,
        ),
      );
      announce(`${program.title}: the call failed. ${read.envelope.summary}`);
      tellModel();
      return;
    }
    if (read.kind === 'text') {
      setState('text');
      root.replaceChildren(h('pre', { class: 'text-result' }, read.text));
      announce(`${program.title}: the tool answered in text.`);
      return;
    }
    model = program.build(read.data, input);
    const shown = model;
    const parts: HTMLElement[] = [
      h('header', { class: 'view-header' }, h('h1', {}, model.title), displayModeToggle()),
    ];
    if (model.facts.length > 0)
      parts.push(
        h(
          'dl',
          { class: 'facts' },
          ...model.facts.map(([k, v]) =>
            h('div', {}, h('dt', {}, k), h('dd', GENERATED_ID.test(v) ? { 'data-generated-id': '' } : {}, v)),
          ),
        ),
      );
    const controls = program.controls?.(input, (args) => void run(args));
    if (controls) parts.push(controls);
    table = undefined;
    const detail = h('section', { class: 'detail', 'data-role': 'detail' });
    if (shown.rows.length === 0) {
      parts.push(renderEmpty(shown.emptyText));
    } else {
      if (shown.chart) parts.push(renderChart(shown.chart, shown.chartRows ?? shown.rows));
      let ready = false;
      parts.push(
        renderTable(
          shown,
          (state) => {
            table = state;
            // The first draw is told with the rest below; later ones (filter, sort, page) on their own.
            if (ready) tellModel();
          },
          undefined,
          shown.drill ? (row) => void drill(shown.drill as DrillDown, row, detail) : undefined,
          tableHost(),
        ),
      );
      ready = true;
      parts.push(detail);
    }
    const next = shown.next;
    if (next) {
      const button = h(
        'button',
        { type: 'button', class: 'next-call', 'data-role': 'next-call' },
        next.label,
      );
      button.addEventListener('click', () => void run(next.arguments, next.tool, next.keepInput === true));
      parts.push(h('p', {}, button));
    }
    const reference = shown.reference;
    if (reference)
      parts.push(
        h(
          'p',
          { class: 'reference', 'data-role': 'reference' },
          `${reference.label}: `,
          h('code', GENERATED_ID.test(reference.value) ? { 'data-generated-id': '' } : {}, reference.value),
        ),
      );
    setState(shown.rows.length === 0 ? 'empty' : 'ready');
    root.replaceChildren(...parts);
    announce(
      shown.rows.length === 0
        ? `${shown.title}: ${shown.emptyText}`
        : `${shown.title}: ${shown.rows.length} ${shown.rows.length === 1 ? 'row' : 'rows'}.`,
    );
    tellModel();
  }

  /** A row's details through another tool, shown under the table; the selection is told to the conversation. */
  async function drill(spec: DrillDown, row: Row, into: HTMLElement): Promise<void> {
    const args = spec.arguments(row);
    if (!args) return;
    selected = row;
    into.replaceChildren(h('p', {}, 'Loading…'));
    into.dataset.state = 'loading';
    announce(`${spec.label}: loading…`);
    tellModel();
    let result: CallToolResult;
    try {
      result = await app.callServerTool({ name: spec.tool, arguments: args });
    } catch (error) {
      into.replaceChildren(renderEmpty(`The host could not call ${spec.tool}: ${String(error)}`));
      into.dataset.state = 'envelope';
      announce(`The host could not call ${spec.tool}.`);
      return;
    }
    const read = readResult(result);
    if (read.kind === 'envelope') {
      into.replaceChildren(
        renderEnvelope(
          read.envelope,
          read.envelope.retryable ? () => void drill(spec, row, into) : undefined,
        ),
      );
      into.dataset.state = 'envelope';
      announce(`${spec.label}: the call failed. ${read.envelope.summary}`);
      return;
    }
    const data = read.kind === 'data' ? read.data : {};
    const set = rowSet(detailRows(data, spec.rowsKey).map(flatten), undefined);
    const title = `${spec.label}: ${Object.values(args).map(String).join(', ')}`;
    into.replaceChildren(
      h('h2', {}, title),
      set.rows.length === 0
        ? renderEmpty('Nothing found.')
        : renderTable(
            { title, facts: [], columns: set.columns, rows: set.rows, emptyText: '' },
            undefined,
            undefined,
            undefined,
            tableHost(),
          ),
    );
    into.dataset.state = 'ready';
    announce(`${title}: ${set.rows.length} ${set.rows.length === 1 ? 'row' : 'rows'}.`);
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
  root.replaceChildren(
    h('header', { class: 'view-header' }, h('h1', {}, program.title)),
    h('p', { class: 'waiting' }, 'Waiting for the tool result…'),
  );
  app.ontoolinput = (params) => {
    input.arguments = { ...(params.arguments ?? {}) };
  };
  app.ontoolresult = (result) => {
    const r = result as CallToolResult;
    if (!program.prepare) return show(r);
    prepared ??= program
      .prepare(callData)
      .then((extras) => {
        input.extras = extras;
      })
      .catch(() => undefined);
    void prepared.then(() => show(r));
  };
  app.ontoolcancelled = () => {
    setState('empty');
    root.replaceChildren(renderEmpty('The tool call was cancelled.'));
    announce('The tool call was cancelled.');
  };
  app.onhostcontextchanged = (update) => {
    const before = hostContext();
    applyHostContext(update);
    // Chart colours come from the host's variables, the toggle from the display mode, text from the locale and
    // time zone: draw again.
    const changed =
      (update.theme && update.theme !== before.theme) ||
      update.displayMode ||
      (update.locale && update.locale !== before.locale) ||
      (update.timeZone && update.timeZone !== before.timeZone);
    if (changed && last) show(last);
  };
  app.onteardown = async () => ({});
  void app.connect().then(() => {
    const context = applyHostContext(app.getHostContext());
    input.tool = context.toolInfo?.tool.name;
  });
  return app;
}

/** Nested objects one level flat (item.ItemPrice.Amount → "ItemPrice.Amount"), so details read as columns. */
function flatten(item: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj(item))) {
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) out[`${k}.${k2}`] = v2;
    else out[k] = v;
  }
  return out;
}
