// Re-run inputs: a date range (plus optional selects) that calls the same tool again through the host.
import { h } from './dom.js';

export interface SelectField {
  name: string;
  label: string;
  options: readonly string[];
  value: string;
}

/** YYYY-MM-DD of a date or date-time string, or ''. */
export const dayOf = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '');

export function dateRangeControls(
  range: { start: string; end: string; startLabel?: string; endLabel?: string },
  selects: readonly SelectField[],
  submitLabel: string,
  onSubmit: (values: Record<string, string>) => void,
): HTMLElement {
  const start = h('input', { type: 'date', name: 'start', value: range.start, required: true });
  const end = h('input', { type: 'date', name: 'end', value: range.end, required: true });
  const fields = selects.map((s) => {
    const select = h(
      'select',
      { name: s.name },
      ...s.options.map((o) => h('option', { value: o, selected: o === s.value }, o)),
    );
    return { s, select };
  });
  const button = h('button', { type: 'button', 'data-role': 'run' }, submitLabel);
  const form = h(
    'form',
    { class: 'controls', 'data-role': 'controls' },
    h('label', {}, range.startLabel ?? 'From', start),
    h('label', {}, range.endLabel ?? 'To (exclusive)', end),
    ...fields.map(({ s, select }) => h('label', {}, s.label, select)),
    button,
  );
  // A click (or Enter) runs it; no form submission, which a sandbox without allow-forms would block.
  const submit = (event: Event) => {
    event.preventDefault();
    if (!start.value || !end.value) return;
    const values: Record<string, string> = { start: start.value, end: end.value };
    for (const { s, select } of fields) values[s.name] = select.value;
    onSubmit(values);
  };
  button.addEventListener('click', submit);
  form.addEventListener('submit', submit);
  return form;
}
