// @obmcp/upstream-mocks/amazon-auth: a loopback fake of Amazon's login pages and LWA endpoints, for hosted-login tests in a real browser.
export {
  DEFAULT_ACCOUNTS,
  DEFAULT_ADS_CLIENT,
  DEFAULT_SP_APP,
  type FakeAmazonAccount,
  type FakeLwaClient,
  type FakeSpApp,
} from './accounts.js';
export {
  type AmazonAuthFake,
  type AmazonAuthFakeOptions,
  startAmazonAuthFake,
  type TokenFailure,
} from './fake-server.js';
