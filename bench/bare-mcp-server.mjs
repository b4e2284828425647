// Baseline 2: the SDK's (v2) idiomatic `McpServer`, the same tools with the obmcp tools' input schemas written in zod, cancellable, with a deadline.
import { UPSTREAM, resultOf } from './bare-upstream.mjs';
import { esm } from './resolve.mjs';

const { McpServer } = await import(esm('@modelcontextprotocol/server'));
const { serveStdio } = await import(esm('@modelcontextprotocol/server/stdio'));
const { z } = await import(esm('zod'));

// The same input contracts as sp-mcp get_order, ads-mcp list_profiles and openbridge-mcp get_subscriptions.
const id = z.number().int().min(1).optional();
const SCHEMAS = {
  sp_get_order: z.object({ orderId: z.string().regex(/^\d{3}-\d{7}-\d{7}$/) }).strict(),
  ads_list_profiles: z
    .object({
      profileTypeFilter: z
        .array(z.enum(['seller', 'vendor', 'agency']))
        .min(1)
        .max(3)
        .refine((a) => new Set(a).size === a.length, 'items must be unique')
        .optional(),
      accessLevel: z.enum(['view', 'edit']).optional(),
      apiProgram: z
        .enum(['billing', 'campaign', 'paymentMethod', 'store', 'report', 'account', 'posts'])
        .optional(),
    })
    .strict(),
  ob_get_subscriptions: z
    .object({
      status: z.enum(['active', 'cancelled', 'paused', 'invalid', 'any']).default('active'),
      product_id: id,
      remote_identity_id: id,
    })
    .strict(),
};

/** A deadline like the obmcp servers' default exchange timeouts (20–30 s: SP_API_/ADS_API_/OPENBRIDGE_TIMEOUT_MS). */
const UPSTREAM_TIMEOUT_MS = 30_000;

// serveStdio, as the obmcp servers do: one McpServer from the factory per connection, either era.
serveStdio(() => {
  const server = new McpServer({ name: 'bare-mcp', version: '0.0.0' });
  for (const [name, inputSchema] of Object.entries(SCHEMAS)) {
    // The SDK's way to honour notifications/cancelled: the request's signal goes to fetch (obmcp tools
    // abort their upstream request on cancellation too). Like every obmcp exchange, the request also has a
    // deadline, in Node's documented way: AbortSignal.any with AbortSignal.timeout.
    server.registerTool(name, { description: name, inputSchema }, async (args, ctx) =>
      resultOf(
        await UPSTREAM[name](
          args,
          AbortSignal.any([ctx.mcpReq.signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
        ),
      ),
    );
  }
  return server;
});
process.stdin.on('end', () => process.exit(0));
