// An error envelope shown plainly: what failed, what to do (hints), whether trying again can help.
import { h } from './dom.js';
import type { EnvelopeView } from './tool-result.js';

export function renderEnvelope(envelope: EnvelopeView): HTMLElement {
  const retry = envelope.retryable
    ? `Yes${envelope.retry_after_seconds !== undefined ? `, after ${envelope.retry_after_seconds} s` : ''}: trying again later can succeed.`
    : 'No: the same call will fail the same way until something changes.';
  return h(
    'section',
    { class: 'envelope', role: 'alert', 'data-role': 'envelope' },
    h('h2', {}, 'The call failed'),
    h('p', { class: 'summary', 'data-role': 'summary' }, envelope.summary),
    h(
      'dl',
      {},
      h('dt', {}, 'Retryable'),
      h('dd', { 'data-role': 'retryable', 'data-retryable': String(envelope.retryable) }, retry),
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
  );
}

export function renderEmpty(text: string): HTMLElement {
  return h('section', { class: 'empty', 'data-role': 'empty', role: 'status' }, h('p', {}, text));
}
