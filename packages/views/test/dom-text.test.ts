// @vitest-environment happy-dom
// Upstream text in the DOM the views build: markup in a summary, a hint, an option or an attribute is text, never an element.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateRangeControls, dayOf } from '../src/shared/controls.js';
import { h } from '../src/shared/dom.js';
import { renderEmpty, renderEnvelope } from '../src/shared/envelope-panel.js';
import type { EnvelopeView } from '../src/shared/tool-result.js';

/** What a hostile campaign name, error summary or hint could hold. */
const MARKUP = '<img class="xss" src="x" onerror="window.__xss=1"><b>bold</b>';

/** The element attached to a document, as a view shows it. */
function shown(el: HTMLElement): HTMLElement {
  document.body.replaceChildren(el);
  return el;
}

const noElementFrom = (el: HTMLElement) => {
  expect(el.querySelectorAll('img, b, .xss')).toHaveLength(0);
  expect(el.textContent).toContain(MARKUP);
};

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('h()', () => {
  it('sets the tag, each attribute as written, and string children as text', () => {
    const el = shown(h('p', { class: 'note', title: MARKUP, 'data-n': 3 }, MARKUP, 'after'));
    expect(el.tagName).toBe('P');
    expect(el.getAttribute('class')).toBe('note');
    expect(el.getAttribute('title')).toBe(MARKUP);
    expect(el.getAttribute('data-n')).toBe('3');
    noElementFrom(el);
    expect(el.textContent).toBe(`${MARKUP}after`);
    expect(el.childNodes).toHaveLength(2);
  });

  it('true is an empty attribute; false and undefined leave it out', () => {
    const el = h('input', { required: true, disabled: false, placeholder: undefined });
    expect(el.getAttribute('required')).toBe('');
    expect(el.hasAttribute('disabled')).toBe(false);
    expect(el.hasAttribute('placeholder')).toBe(false);
    expect(el.attributes).toHaveLength(1);
  });

  it('appends element children as they are and skips null, undefined and false', () => {
    const child = h('span', {}, 'x');
    const el = h('div', {}, null, child, undefined, false, '');
    expect(el.firstChild).toBe(child);
    expect(el.childNodes).toHaveLength(2);
    expect(el.textContent).toBe('x');
  });

  it('builds with no attributes given', () => {
    expect(h('ul').outerHTML).toBe('<ul></ul>');
  });
});

const envelope = (over: Partial<EnvelopeView> = {}): EnvelopeView => ({
  summary: `Campaign ${MARKUP} not found`,
  error_kind: 'not_found',
  error_code: 'NOT_FOUND',
  retryable: false,
  hints: [`Check the id ${MARKUP}`, 'List the campaigns'],
  ...over,
});

describe('renderEnvelope', () => {
  it('shows the summary, the code, the kind and every hint as text', () => {
    const el = shown(renderEnvelope(envelope({ error_code: `X${MARKUP}`, error_kind: MARKUP })));
    noElementFrom(el);
    expect(el.getAttribute('data-role')).toBe('envelope');
    expect(el.classList.contains('envelope')).toBe(true);
    expect(el.querySelector('h2')?.textContent).toBe('The call failed');
    expect(el.querySelector('[data-role=summary]')?.textContent).toBe(`Campaign ${MARKUP} not found`);
    expect(el.querySelector('[data-role=summary]')?.className).toBe('summary');
    expect(el.querySelector('code')?.textContent).toBe(`X${MARKUP}`);
    expect(el.querySelector('code')?.parentElement?.textContent).toBe(`X${MARKUP} (${MARKUP})`);
    expect([...el.querySelectorAll('[data-role=hints] li')].map((li) => li.textContent)).toEqual([
      `Check the id ${MARKUP}`,
      'List the campaigns',
    ]);
    expect(el.querySelector('h3')?.textContent).toBe('What to try');
    expect([...el.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Retryable', 'Error']);
  });

  it('a failure that will fail again says so', () => {
    const el = shown(renderEnvelope(envelope(), () => undefined));
    const retryable = el.querySelector('[data-role=retryable]');
    expect(retryable?.textContent).toBe('No: the same call will fail the same way until something changes.');
    expect(retryable?.getAttribute('data-retryable')).toBe('false');
    // The button follows the callback (the view passes one only for a retryable failure).
    expect(el.querySelectorAll('[data-role=retry]')).toHaveLength(1);
  });

  it('no hints: no hint list', () => {
    const el = shown(renderEnvelope(envelope({ hints: [] })));
    expect(el.querySelector('[data-role=hints]')).toBeNull();
    expect(el.querySelector('h3')).toBeNull();
  });

  it('a retryable failure offers Try again, which makes the call again', () => {
    const retry = vi.fn();
    const el = shown(renderEnvelope(envelope({ retryable: true }), retry));
    expect(el.querySelector('[data-role=retryable]')?.textContent).toBe(
      'Yes: trying again later can succeed.',
    );
    expect(el.querySelector('[data-role=retryable]')?.getAttribute('data-retryable')).toBe('true');
    const button = el.querySelector<HTMLButtonElement>('[data-role=retry]');
    expect(button?.textContent).toBe('Try again');
    expect(button?.getAttribute('type')).toBe('button');
    expect(button?.classList.contains('retry')).toBe(true);
    expect(button?.hasAttribute('disabled')).toBe(false);
    button?.click();
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('without a retry callback there is no button', () => {
    const el = shown(renderEnvelope(envelope({ retryable: true })));
    expect(el.querySelector('[data-role=retry]')).toBeNull();
    expect(el.querySelector('button')).toBeNull();
  });

  it('a pause Amazon asked for: the wait is said, and the button waits it out', () => {
    vi.useFakeTimers();
    const el = shown(renderEnvelope(envelope({ retryable: true, retry_after_seconds: 3 }), () => undefined));
    expect(el.querySelector('[data-role=retryable]')?.textContent).toBe(
      'Yes, after 3 s: trying again later can succeed.',
    );
    const button = el.querySelector<HTMLButtonElement>('[data-role=retry]');
    expect(button?.hasAttribute('disabled')).toBe(true);
    vi.advanceTimersByTime(2_999);
    expect(button?.hasAttribute('disabled')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(button?.hasAttribute('disabled')).toBe(false);
  });

  it('a zero wait leaves the button enabled', () => {
    const el = shown(renderEnvelope(envelope({ retryable: true, retry_after_seconds: 0 }), () => undefined));
    expect(el.querySelector('[data-role=retryable]')?.textContent).toBe(
      'Yes, after 0 s: trying again later can succeed.',
    );
    expect(el.querySelector('[data-role=retry]')?.hasAttribute('disabled')).toBe(false);
  });
});

describe('renderEmpty', () => {
  it('shows its text as text', () => {
    const el = shown(renderEmpty(`No rows for ${MARKUP}`));
    noElementFrom(el);
    expect(el.getAttribute('data-role')).toBe('empty');
    expect(el.classList.contains('empty')).toBe(true);
    expect(el.querySelector('p')?.textContent).toBe(`No rows for ${MARKUP}`);
  });
});

describe('dateRangeControls', () => {
  const select = { name: 'marketplace', label: `Market ${MARKUP}`, options: ['US', MARKUP], value: MARKUP };

  it('labels, options and values are text; the chosen option is selected', () => {
    const form = shown(
      dateRangeControls(
        { start: '2026-01-01', end: '2026-02-01', startLabel: MARKUP, endLabel: 'Until' },
        [select],
        `Run ${MARKUP}`,
        () => undefined,
      ),
    );
    noElementFrom(form);
    expect(form.getAttribute('data-role')).toBe('controls');
    expect(form.className).toBe('controls');
    expect(form.querySelector('select')?.name).toBe('marketplace');
    expect(form.querySelector('[data-role=run]')?.getAttribute('type')).toBe('button');
    expect([...form.querySelectorAll('label')].map((l) => l.firstChild?.textContent)).toEqual([
      MARKUP,
      'Until',
      `Market ${MARKUP}`,
    ]);
    const options = [...form.querySelectorAll('option')];
    expect(options.map((o) => [o.value, o.textContent, o.selected])).toEqual([
      ['US', 'US', false],
      [MARKUP, MARKUP, true],
    ]);
    expect(form.querySelector('[data-role=run]')?.textContent).toBe(`Run ${MARKUP}`);
    const [start, end] = [...form.querySelectorAll('input')];
    expect([start?.type, start?.name, start?.value, start?.required]).toEqual([
      'date',
      'start',
      '2026-01-01',
      true,
    ]);
    expect([end?.type, end?.name, end?.value, end?.required]).toEqual(['date', 'end', '2026-02-01', true]);
  });

  it('dayOf: the day of a date or date-time string, else empty', () => {
    expect(dayOf('2026-03-04T10:00:00Z')).toBe('2026-03-04');
    expect(dayOf(20260304)).toBe('');
  });

  it('the chosen option is the one selected, whichever it is', () => {
    const form = dateRangeControls(
      { start: '', end: '' },
      [{ name: 'm', label: 'M', options: ['US', 'DE', 'FR'], value: 'US' }],
      'Run',
      () => undefined,
    );
    expect([...form.querySelectorAll('option')].map((o) => o.hasAttribute('selected'))).toEqual([
      true,
      false,
      false,
    ]);
    expect(form.querySelector('select')?.value).toBe('US');
  });

  it('default labels', () => {
    const form = dateRangeControls({ start: '', end: '' }, [], 'Run', () => undefined);
    expect([...form.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['From', 'To (exclusive)']);
  });

  it('a click runs the call with the dates and each select; Enter (submit) too, without navigating', () => {
    const runs: Record<string, string>[] = [];
    const form = shown(
      dateRangeControls({ start: '2026-01-01', end: '2026-02-01' }, [select], 'Run', (v) => runs.push(v)),
    );
    const [start] = [...form.querySelectorAll('input')];
    if (start) start.value = '2026-01-15';
    const sel = form.querySelector('select');
    if (sel) sel.value = 'US';
    form.querySelector<HTMLButtonElement>('[data-role=run]')?.click();
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(runs).toEqual([
      { start: '2026-01-15', end: '2026-02-01', marketplace: 'US' },
      { start: '2026-01-15', end: '2026-02-01', marketplace: 'US' },
    ]);
  });

  it('an empty date runs nothing', () => {
    const runs: unknown[] = [];
    const form = shown(dateRangeControls({ start: '2026-01-01', end: '' }, [], 'Run', (v) => runs.push(v)));
    form.querySelector<HTMLButtonElement>('[data-role=run]')?.click();
    const [start, end] = [...form.querySelectorAll('input')];
    if (end) end.value = '2026-02-01';
    if (start) start.value = '';
    form.querySelector<HTMLButtonElement>('[data-role=run]')?.click();
    expect(runs).toEqual([]);
  });
});
