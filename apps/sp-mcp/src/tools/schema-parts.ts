// Reusable JSON Schema fragments (as const) for tool inputs: marketplaces, dates, tokens, ids.
import { MARKETPLACE_IDS } from '../hints/marketplaces.js';

export const marketplaceId = {
  type: 'string',
  enum: MARKETPLACE_IDS,
  description: 'e.g. ATVPDKIKX0DER (US).',
} as const;

export const marketplaceIds50 = {
  type: 'array',
  items: marketplaceId,
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  description: 'Marketplace ids (1-50).',
} as const;

export const marketplaceIds1 = {
  type: 'array',
  items: marketplaceId,
  minItems: 1,
  maxItems: 1,
  description: 'Exactly one marketplace id (this operation accepts one).',
} as const;

export const marketplaceIds25 = {
  ...marketplaceIds50,
  maxItems: 25,
  description: 'Marketplace ids (1-25).',
} as const;
export const marketplaceIds10 = {
  ...marketplaceIds50,
  maxItems: 10,
  description: 'Marketplace ids (1-10).',
} as const;

/** ISO 8601 date-time (the format says it; examples show 2026-03-01T00:00:00Z). */
export const dateTime = { type: 'string', format: 'date-time' } as const;

export const pageToken = {
  type: 'string',
  minLength: 1,
  maxLength: 4000,
  description: 'Token from the previous page.',
} as const;

export const orderId = {
  type: 'string',
  pattern: '^\\d{3}-\\d{7}-\\d{7}$',
  description: 'e.g. 902-3159896-1390916.',
} as const;

export const asin = {
  type: 'string',
  pattern: '^[A-Z0-9]{10}$',
  description: 'e.g. B08N5WRWNW.',
} as const;

export const sku = { type: 'string', minLength: 1, maxLength: 200, description: 'Seller SKU.' } as const;

export const sellerId = {
  type: 'string',
  pattern: '^[A-Z0-9]{8,20}$',
  description: 'Selling partner (merchant) id; defaults to the active identity sellerId or SP_API_SELLER_ID.',
} as const;

export const processingStatus = {
  type: 'string',
  enum: ['CANCELLED', 'DONE', 'FATAL', 'IN_PROGRESS', 'IN_QUEUE'],
} as const;

export const itemCondition = {
  type: 'string',
  enum: ['New', 'Used', 'Collectible', 'Refurbished', 'Club'],
} as const;

/** createFeed's feedType and feedOptions (Feeds 2021-06-30), shared by create_feed and submit_feed. */
export const feedType = {
  type: 'string',
  pattern: '^[A-Z0-9_]{3,120}$',
  description: 'Feed type, e.g. JSON_LISTINGS_FEED.',
} as const;

export const feedOptions = {
  type: 'object',
  additionalProperties: { type: 'string', maxLength: 1000 },
  maxProperties: 20,
} as const;
