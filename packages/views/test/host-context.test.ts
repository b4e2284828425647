// @vitest-environment happy-dom
// The host context on the page: theme, variables, fonts, display mode, locale and zone, and only sane safe-area insets.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, setLocale, setTimeZone } from '../src/shared/format.js';
import { applyHostContext, hostContext } from '../src/shared/host-context.js';

const root = document.documentElement;

afterEach(() => {
  setLocale(undefined);
  setTimeZone(undefined);
  root.removeAttribute('style');
  root.removeAttribute('data-theme');
  root.removeAttribute('data-display-mode');
  root.removeAttribute('lang');
  document.getElementById('__mcp-host-fonts')?.remove();
});

describe('applyHostContext', () => {
  it('no update: nothing changes and the context so far is returned', () => {
    const before = hostContext();
    expect(applyHostContext(undefined)).toBe(before);
    expect(root.getAttribute('style')).toBeNull();
  });

  it('theme, variables, fonts, display mode and language land on the document', () => {
    const merged = applyHostContext({
      theme: 'dark',
      displayMode: 'fullscreen',
      locale: 'de-DE',
      styles: {
        variables: { '--color-background-primary': '#111111' } as never,
        css: { fonts: '@font-face { font-family: "H"; }' },
      },
    });
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.getPropertyValue('--color-background-primary')).toBe('#111111');
    expect(document.getElementById('__mcp-host-fonts')?.textContent).toBe('@font-face { font-family: "H"; }');
    expect(root.dataset.displayMode).toBe('fullscreen');
    expect(root.lang).toBe('de-DE');
    expect(merged).toMatchObject({ theme: 'dark', displayMode: 'fullscreen', locale: 'de-DE' });
    expect(hostContext()).toBe(merged);
  });

  it('a partial update is merged: what it does not name stays', () => {
    applyHostContext({ theme: 'light', locale: 'en-US' });
    root.removeAttribute('data-theme');
    root.removeAttribute('lang');
    const merged = applyHostContext({ displayMode: 'inline' });
    expect(merged).toMatchObject({ theme: 'light', locale: 'en-US', displayMode: 'inline' });
    // A field the update leaves out is not re-applied (the page keeps what it has).
    expect(root.getAttribute('data-theme')).toBeNull();
    expect(root.lang).toBe('');
  });

  it('locale and time zone decide how dates read', () => {
    applyHostContext({ locale: 'en-US', timeZone: 'America/Los_Angeles' });
    expect(formatDate('2026-03-05T10:15:00Z')).toBe('Mar 5, 2026, 2:15 AM');
    applyHostContext({ timeZone: 'Asia/Tokyo' });
    expect(formatDate('2026-03-05T10:15:00Z')).toBe('Mar 5, 2026, 7:15 PM');
  });

  it('an update that does not name the display mode or the zone leaves them as they are', () => {
    applyHostContext({ locale: 'en-US', timeZone: 'Asia/Tokyo' });
    applyHostContext({ locale: 'en-US' });
    expect(root.hasAttribute('data-display-mode')).toBe(false);
    expect(formatDate('2026-03-05T10:15:00Z')).toBe('Mar 5, 2026, 7:15 PM');
  });

  it('styles without variables or fonts set nothing', () => {
    applyHostContext({ styles: {} });
    applyHostContext({ styles: { css: {} } });
    expect(root.getAttribute('style')).toBeNull();
    expect(document.getElementById('__mcp-host-fonts')).toBeNull();
  });

  it('safe-area insets become padding variables; a negative, infinite or non-number inset is refused', () => {
    applyHostContext({
      safeAreaInsets: { top: 44, right: 0, bottom: 34.5, left: -10 },
    });
    expect(root.style.getPropertyValue('--safe-top')).toBe('44px');
    expect(root.style.getPropertyValue('--safe-right')).toBe('0px');
    expect(root.style.getPropertyValue('--safe-bottom')).toBe('34.5px');
    expect(root.style.getPropertyValue('--safe-left')).toBe('');
    applyHostContext({
      safeAreaInsets: {
        top: Number.POSITIVE_INFINITY,
        right: Number.NaN,
        bottom: '1px; background: url(x)' as unknown as number,
        left: 8,
      },
    });
    expect(root.style.getPropertyValue('--safe-top')).toBe('44px');
    expect(root.style.getPropertyValue('--safe-right')).toBe('0px');
    expect(root.style.getPropertyValue('--safe-bottom')).toBe('34.5px');
    expect(root.style.getPropertyValue('--safe-left')).toBe('8px');
  });

  it('a container with a maximum height caps the page; one without leaves it free', () => {
    applyHostContext({ containerDimensions: { width: 600 } as never });
    expect(root.style.maxHeight).toBe('');
    applyHostContext({ containerDimensions: { maxHeight: 0 } as never });
    expect(root.style.maxHeight).toBe('');
    applyHostContext({ containerDimensions: { maxHeight: 480 } as never });
    expect(root.style.maxHeight).toBe('480px');
  });
});
