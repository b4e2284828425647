// Openbridge endpoints used for brokered Amazon Ads credentials.
export const OPENBRIDGE = {
  authUrl: 'https://authentication.api.openbridge.io/auth/api/ref',
  identitiesUrl: 'https://remote-identity.api.openbridge.io/sri',
  tokenUrl: (identityId: number) => `https://service.api.openbridge.io/service/amzadv/token/${identityId}`,
  /** Remote identity type of Amazon Advertising. */
  adsIdentityType: 14,
} as const;
