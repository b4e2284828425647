// Who can sign in at the fake Amazon, and the apps registered there (SP-API apps, LWA security profiles).

export interface FakeAmazonAccount {
  /** The Amazon customer id LWA reports as `user_id` (`amzn1.account.…`). */
  userId: string;
  name: string;
  email: string;
  /** The merchant token of the seller account this login manages (SP-API `selling_partner_id`). */
  sellingPartnerId: string;
}

export interface FakeLwaClient {
  clientId: string;
  clientSecret: string;
  /** Allowed return URLs (Ads security profile) or the app's OAuth redirect URIs (SP-API app), matched exactly. */
  redirectUris: string[];
}

export interface FakeSpApp extends FakeLwaClient {
  /** The Solution Provider Portal app id (`amzn1.sp.solution.…`), the `application_id` of the consent URL. */
  applicationId: string;
  /** A draft app authorizes only with `version=beta` in the consent URL. */
  draft: boolean;
}

export const DEFAULT_ACCOUNTS: FakeAmazonAccount[] = [
  {
    userId: 'amzn1.account.MOCKALICE',
    name: 'Alice Seller',
    email: 'alice@example.test',
    sellingPartnerId: 'A1MOCKALICE',
  },
  {
    userId: 'amzn1.account.MOCKBOB',
    name: 'Bob Seller',
    email: 'bob@example.test',
    sellingPartnerId: 'A2MOCKBOB',
  },
];

/** The mocks' dummy-credential rule (`amzn1.application-oa2-client.mock…`, `mock-…`) holds for these, so msw's LWA accepts them later. */
export const DEFAULT_SP_APP: FakeSpApp = {
  applicationId: 'amzn1.sp.solution.mock-obmcp',
  clientId: 'amzn1.application-oa2-client.mock-sp',
  clientSecret: 'mock-sp-client-secret',
  redirectUris: [],
  draft: true,
};

export const DEFAULT_ADS_CLIENT: FakeLwaClient = {
  clientId: 'amzn1.application-oa2-client.mock-ads',
  clientSecret: 'mock-ads-client-secret',
  redirectUris: [],
};
