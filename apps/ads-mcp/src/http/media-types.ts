// Versioned vendor media types of the Ads endpoints this server calls.
export const MEDIA = {
  spCampaign: 'application/vnd.spCampaign.v3+json',
  spAdGroup: 'application/vnd.spAdGroup.v3+json',
  spKeyword: 'application/vnd.spKeyword.v3+json',
  spProductAd: 'application/vnd.spProductAd.v3+json',
  createReport: 'application/vnd.createasyncreportrequest.v3+json',
  reportResponse: 'application/vnd.createasyncreportresponse.v3+json',
  json: 'application/json',
} as const;
