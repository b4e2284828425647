// An error envelope shown plainly: what failed, what to do (hints), whether trying again can help.
import { h } from './dom.js';
import type { EnvelopeView } from './tool-result.js';

/** The envelope; with `retry` (a retryable failure) a button that makes the same call again. */
export function renderEnvelope(envelope: EnvelopeView, retry?: () => void): HTMLElement {
  let again: HTMLButtonElement | null = null;
  if (retry) {
    const button = h('button', { type: 'button', class: 'retry', 'data-role': 'retry' }, 'Try again');
    const wait = envelope.retry_after_seconds ?? 0;
    if (wait > 0) {
      // Amazon asked for a pause: the button waits it out (a click before then would fail the same way).
      button.disabled = true;
      setTimeout(() => {
        button.disabled = false;
      }, wait * 1000);
    }
    button.addEventListener('click', retry);
    again = button;
  }
  const retryText = envelope.retryable
    ? `Yes${envelope.retry_after_seconds !== undefined ? `, after ${envelope.retry_after_seconds} s` : ''}: trying again later can succeed.`
    : 'No: the same call will fail the same way until something changes.';
  return h(
    'section',
    // Not a live region itself: the view's one announcer (#announce) says that the call failed.
    { class: 'envelope', 'data-role': 'envelope' },
    h('h2', {}, 'The call failed'),
    h('p', { class: 'summary', 'data-role': 'summary' }, envelope.summary),
    h(
      'dl',
      {},
      h('dt', {}, 'Retryable'),
      h('dd', { 'data-role': 'retryable', 'data-retryable': String(envelope.retryable) }, retryText),
      h('dt', {}, 'Error'),
      h('dd', {}, h('code', {}, envelope.error_code), ` (${envelope.error_kind})`),
    ),
    envelope.hints.length > 0
      ? h(
          'div',
          {},
          h('h3', {}, 'What to try'),
          h('ul', { 'data-role': 'hints' }, ...envelope.hints.map((hint) => h('li', {}, hint))),
        )
      : null,
    again,
  );
}

export function renderEmpty(text: string): HTMLElement {
  return h('section', { class: 'empty', 'data-role': 'empty' }, h('p', {}, text));
}
