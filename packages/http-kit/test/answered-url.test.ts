// A URL an upstream answered with is fetched only over https, without credentials, on a declared public host.
import { describe, expect, it } from 'vitest';
import { UpstreamTransportError } from '@obmcp/contract';
import { answeredUrlIssue, assertAnsweredUrl } from '../src/answered-url.js';
import { RedirectHosts } from '../src/index.js';

const hosts = new RedirectHosts([
  '*.amazonaws.com',
  'd34o8swod1owfl.cloudfront.net',
  '10.0.0.5',
  'localhost',
]);

describe('answeredUrlIssue', () => {
  it.each([
    'https://tortuga-prod-na.s3-external-1.amazonaws.com/doc?X-Amz-Signature=s',
    'https://d34o8swod1owfl.cloudfront.net/example.txt',
    'https://BUCKET.S3.AMAZONAWS.COM./x.csv',
  ])('%s may be fetched', (url) => {
    expect(answeredUrlIssue(url, hosts, 'test storage')).toBeUndefined();
  });

  it.each([
    ['not a url', 'the download URL is not a URL'],
    ['', 'the download URL is not a URL'],
    ['http://bucket.s3.amazonaws.com/x', 'the download URL is not https'],
    ['file:///etc/passwd', 'the download URL is not https'],
    ['https://user:pw@bucket.s3.amazonaws.com/x', 'the download URL carries user:password credentials'],
    ['https://:pw@bucket.s3.amazonaws.com/x', 'the download URL carries user:password credentials'],
    [
      'https://attacker.example.com/x',
      "the download URL's host attacker.example.com is not a declared test storage host",
    ],
    ['https://amazonaws.com/x', "the download URL's host amazonaws.com is not a declared test storage host"],
    [
      'https://amazonaws.com.attacker.example/x',
      "the download URL's host amazonaws.com.attacker.example is not a declared test storage host",
    ],
    // Declared, but a private address or loopback is never fetched from an answer.
    ['https://10.0.0.5/x', "the download URL's host 10.0.0.5 is not a declared test storage host"],
    ['https://localhost/x', "the download URL's host localhost is not a declared test storage host"],
  ])('%s → %s', (url, issue) => {
    expect(answeredUrlIssue(url, hosts, 'test storage')).toBe(issue);
  });

  it('never repeats the URL’s query (a signature)', () => {
    const issue = answeredUrlIssue('https://evil.example/x?X-Amz-Signature=secret', hosts, 'test storage');
    expect(issue).not.toContain('secret');
  });
});

describe('assertAnsweredUrl', () => {
  const words = {
    storage: 'test storage',
    summary: 'The report URL was refused.',
    hint: 'Ask for a new report.',
  };

  it('lets a declared https URL through', () => {
    expect(assertAnsweredUrl('https://bucket.s3.amazonaws.com/x', hosts, words)).toBeUndefined();
  });

  it('refuses a URL with credentials on a declared host, in the app’s words, without the URL', () => {
    let thrown: unknown;
    try {
      assertAnsweredUrl('https://user:pw@bucket.s3.amazonaws.com/x?sig=secret', hosts, words);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UpstreamTransportError);
    const error = thrown as UpstreamTransportError;
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(error.summary).toBe('The report URL was refused.');
    expect(error.details).toEqual([
      {
        path: '',
        issue: 'the download URL carries user:password credentials',
        received_type: 'upstream_response',
      },
    ]);
    expect(error.hints).toEqual(['Ask for a new report.']);
    expect(JSON.stringify(error)).not.toContain('secret');
  });
});
