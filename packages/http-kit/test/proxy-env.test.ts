// Which forward proxy the hints name: the one undici's EnvHttpProxyAgent would use for an https upstream, never its credentials.
import { describe, expect, it } from 'vitest';
import { configuredProxyHost } from '../src/proxy-env.js';

describe('configuredProxyHost', () => {
  it('none set (or set empty) → direct', () => {
    expect(configuredProxyHost({})).toBeUndefined();
    expect(
      configuredProxyHost({ HTTPS_PROXY: '', https_proxy: '', HTTP_PROXY: '', http_proxy: '' }),
    ).toBeUndefined();
  });

  it('https_proxy wins, then HTTPS_PROXY, then http_proxy, then HTTP_PROXY', () => {
    const all = {
      https_proxy: 'http://a.example:1',
      HTTPS_PROXY: 'http://b.example:2',
      http_proxy: 'http://c.example:3',
      HTTP_PROXY: 'http://d.example:4',
    };
    expect(configuredProxyHost(all)).toBe('a.example:1');
    expect(configuredProxyHost({ ...all, https_proxy: '' })).toBe('b.example:2');
    expect(configuredProxyHost({ ...all, https_proxy: undefined, HTTPS_PROXY: '' })).toBe('c.example:3');
    expect(configuredProxyHost({ HTTP_PROXY: 'http://d.example:4' })).toBe('d.example:4');
  });

  it('the proxy user and password never appear', () => {
    expect(configuredProxyHost({ HTTPS_PROXY: 'http://user:s3cret@proxy.corp:3128' })).toBe(
      'proxy.corp:3128',
    );
  });

  it('a value that is no URL, or a URL without a host, is named without repeating it', () => {
    expect(configuredProxyHost({ HTTPS_PROXY: 'http://user:s3cret@proxy corp:3128' })).toBe(
      'the configured proxy',
    );
    expect(configuredProxyHost({ HTTPS_PROXY: 'mailto:ops@example.com' })).toBe('the configured proxy');
  });

  it('reads the process environment by default', () => {
    const saved = { ...process.env };
    try {
      for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) delete process.env[name];
      process.env.HTTP_PROXY = 'http://from-env.example:8080';
      expect(configuredProxyHost()).toBe('from-env.example:8080');
    } finally {
      for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});
