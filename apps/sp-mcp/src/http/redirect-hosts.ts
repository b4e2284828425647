// Where an SP-API redirect may lead (http-kit follows nothing else): the regional API and LWA hosts, the storage hosts of documents.
import { hostsOfUrls } from '@obmcp/http-kit';
import type { Config } from '../config.js';

export function spRedirectHosts(config: Pick<Config, 'endpoint' | 'lwaEndpoint'>): string[] {
  // The lists live in the function: a test reaches each (module constants are static mutants).
  /** SP-API's own hosts: production and sandbox, every region. */
  const API_HOSTS = ['na', 'eu', 'fe'].flatMap((r) => [
    `sellingpartnerapi-${r}.amazon.com`,
    `sandbox.sellingpartnerapi-${r}.amazon.com`,
  ]);
  /** Login with Amazon token hosts. */
  const LWA_HOSTS = ['api.amazon.com', 'api.amazon.co.uk', 'api.amazon.co.jp'];
  /**
   * Report and feed documents are pre-signed S3 URLs (`tortuga-prod-na.s3-external-1.amazonaws.com` …,
   * amazon-apis.md getReportDocument/createFeedDocument); the sandbox's example documents live on CloudFront.
   */
  const DOCUMENT_HOSTS = ['*.amazonaws.com', 'd34o8swod1owfl.cloudfront.net'];
  return [
    ...API_HOSTS,
    ...LWA_HOSTS,
    ...DOCUMENT_HOSTS,
    ...hostsOfUrls([config.endpoint, config.lwaEndpoint]),
  ];
}
