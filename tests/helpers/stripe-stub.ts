/**
 * A local stand-in for the parts of Stripe's API the app uses, for tests and for trying billing
 * with `npm start`: prices by lookup key (and creating products and prices), Checkout Sessions
 * with a hosted checkout page, subscriptions (read, cancel, cancel at period end), the customer
 * portal with the billing history, and webhook events signed exactly as Stripe signs them
 * (`Stripe-Signature: t=<time>,v1=<HMAC-SHA256 of "<time>.<body>">`), pretty-printed as Stripe
 * sends them. Requests need the secret key as a bearer token, like the real API.
 *
 * In process: `startStripeStub({...})`, then `stub.pay(sessionId)` (what the checkout page's
 * button does), `stub.send(event, {secret, timestamp})` to deliver a (forged, stale or replayed)
 * event, `stub.deliveries` to see what was delivered and answered.
 *
 * Standalone: `npm run stripe-stub` (port STRIPE_STUB_PORT, default 4020; events to
 * STRIPE_STUB_WEBHOOK_URL, default http://127.0.0.1:3000/api/billing/webhook), then
 * `STRIPE_API_URL=http://127.0.0.1:4020 STRIPE_SECRET_KEY=sk_test_local_stub
 *  STRIPE_WEBHOOK_SECRET=whsec_local_stub npm start`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { priceCatalog } from '@shared/billing/catalog';

export const STUB_SECRET_KEY = 'sk_test_local_stub';
export const STUB_WEBHOOK_SECRET = 'whsec_local_stub';
const API_VERSION = '2026-10-28.endive';

type Json = Record<string, unknown>;

export interface StripeStubOptions {
  port?: number;
  host?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Where events are posted (the app's /api/billing/webhook); none: events are only recorded. */
  webhookUrl?: string;
  /** Start with the app's price catalogue in place (as `npm run admin -- billing-catalog` leaves it). */
  seedCatalog?: boolean;
}

export interface Delivery {
  event: Json;
  status: number;
  body: string;
}

export interface StripeStub {
  /** The API base URL to give the app (STRIPE_API_URL). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  /** What the checkout page's 'Pay' does: the subscription starts, the webhook is sent. */
  pay(sessionId: string): Promise<{ subscription: Json; delivery: Delivery | undefined }>;
  /** Signs (with `secret`, at `timestamp` seconds) and posts an event; resolves with the app's answer. */
  send(event: Json, options?: { secret?: string; timestamp?: number; signature?: string }): Promise<Delivery>;
  /** A new event object of `type` about `object` (not sent). */
  event(type: string, object: Json): Json;
  deliveries: Delivery[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  prices: Map<string, Json>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const key: string | number = Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
        node = container[key] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

/** The `Stripe-Signature` header Stripe sends for `payload` at `timestamp`. */
export function stripeSignature(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
.note{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem .75rem;border-radius:.5rem;font-size:.875rem}
button{background:#635bff;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.5rem;text-align:left}</style></head>
<body><p class="note">Local Stripe stub: no card is charged.</p>${body}</body></html>`;
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

export async function startStripeStub(options: StripeStubOptions = {}): Promise<StripeStub> {
  const secretKey = options.secretKey ?? STUB_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? STUB_WEBHOOK_SECRET;
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices: Json[] = [];
  const portals = new Map<string, Json>();
  const deliveries: Delivery[] = [];
  let base = '';

  function createProduct(name: string): Json {
    const product = { id: newId('prod'), object: 'product', name, active: true, created: nowSeconds() };
    products.set(product.id, product);
    return product;
  }

  function createPrice(input: Json): Json {
    const lookupKey = (input.lookup_key as string | undefined) ?? null;
    if (lookupKey && input.transfer_lookup_key === 'true')
      for (const other of prices.values()) if (other.lookup_key === lookupKey) other.lookup_key = null;
    const price = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: input.currency ?? 'usd',
      unit_amount: Number(input.unit_amount),
      product: input.product,
      lookup_key: lookupKey,
      type: 'recurring',
      recurring: { interval: (input.recurring as Json | undefined)?.interval ?? 'month', interval_count: 1 },
      created: nowSeconds(),
    };
    prices.set(price.id, price);
    return price;
  }

  if (options.seedCatalog !== false) {
    const byName = new Map<string, Json>();
    for (const entry of priceCatalog) {
      const product = byName.get(entry.productName) ?? createProduct(entry.productName);
      byName.set(entry.productName, product);
      createPrice({
        product: product.id,
        unit_amount: entry.unitAmount,
        currency: 'usd',
        recurring: { interval: entry.period },
        lookup_key: entry.lookupKey,
      });
    }
  }

  function event(type: string, object: Json): Json {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  async function send(
    evt: Json,
    {
      secret = webhookSecret,
      timestamp,
      signature,
    }: { secret?: string; timestamp?: number; signature?: string } = {},
  ): Promise<Delivery> {
    const payload = JSON.stringify(evt, null, 2);
    if (!options.webhookUrl) {
      const delivery = { event: evt, status: 0, body: '' };
      deliveries.push(delivery);
      return delivery;
    }
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature ?? stripeSignature(payload, secret, timestamp),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    const delivery = { event: evt, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  function customerFor(session: Json): string {
    if (typeof session.customer === 'string') return session.customer;
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: session.customer_email ?? null,
      created: nowSeconds(),
    };
    customers.set(customer.id, customer);
    return customer.id;
  }

  async function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No checkout session ${sessionId}`);
    if (session.status !== 'open')
      throw new Error(`Checkout session ${sessionId} is ${String(session.status)}`);
    const price = prices.get(session.price_id as string)!;
    const interval = (price.recurring as Json).interval as string;
    const start = nowSeconds();
    const end = start + (interval === 'year' ? 365 : 30) * 24 * 60 * 60;
    const customer = customerFor(session);
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
        has_more: false,
      },
    };
    subscriptions.set(subscription.id, subscription);
    invoices.push({
      id: newId('in'),
      customer,
      subscription: subscription.id,
      amount_paid: price.unit_amount,
      status: 'paid',
      created: start,
      description: `${(products.get(price.product as string)?.name as string) ?? 'Plan'} (${interval}ly)`,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
    });
    const delivery = options.webhookUrl
      ? await send(event('checkout.session.completed', session))
      : undefined;
    return { subscription, delivery };
  }

  async function cancel(subscription: Json, atPeriodEnd: boolean) {
    if (atPeriodEnd) {
      subscription.cancel_at_period_end = true;
      await send(event('customer.subscription.updated', subscription));
    } else {
      Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds() });
      await send(event('customer.subscription.deleted', subscription));
    }
  }

  const apiError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
    json(res, status, { error: { type, message } });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, body: Json) {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return apiError(res, 401, 'Invalid API Key provided', 'authentication_error');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let match: RegExpExecArray | null;

    if (method === 'GET' && path === '/v1/prices') {
      const query = parseStripeForm(url.search.slice(1));
      const keys = (query.lookup_keys as string[] | undefined) ?? [];
      const data = [...prices.values()].filter(
        (p) =>
          (keys.length === 0 || keys.includes(p.lookup_key as string)) &&
          (query.active !== 'true' || p.active),
      );
      return json(res, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (method === 'POST' && path === '/v1/products') return json(res, 200, createProduct(String(body.name)));
    if (method === 'POST' && path === '/v1/prices') return json(res, 200, createPrice(body));

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lineItems = (body.line_items as Json[] | undefined) ?? [];
      const price = prices.get(String(lineItems[0]?.price));
      if (!price || body.mode !== 'subscription')
        return apiError(res, 400, 'No such price, or not a subscription');
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/checkout/${id}`,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        subscription_data: body.subscription_data ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        price_id: price.id,
        created: nowSeconds(),
      };
      sessions.set(id, session);
      return json(res, 200, session);
    }

    if ((match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return apiError(res, 404, `No such subscription: '${match[1]}'`);
      if (method === 'GET') return json(res, 200, subscription);
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          return apiError(res, 400, 'This subscription is already canceled');
        await cancel(subscription, false);
        return json(res, 200, subscription);
      }
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (
        !customers.has(String(body.customer)) &&
        ![...subscriptions.values()].some((s) => s.customer === body.customer)
      )
        return apiError(res, 400, `No such customer: '${String(body.customer)}'`);
      const id = newId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${base}/portal/${id}`,
        created: nowSeconds(),
      };
      portals.set(id, portal);
      return json(res, 200, portal);
    }
    return apiError(res, 404, `Unrecognized request URL (${method}: ${path})`);
  }

  function checkoutPage(res: ServerResponse, session: Json) {
    const price = prices.get(session.price_id as string)!;
    const product = products.get(price.product as string);
    const interval = (price.recurring as Json).interval as string;
    html(
      res,
      page(
        'Checkout',
        `<h1>Subscribe to ${escapeHtml(String(product?.name ?? 'a plan'))}</h1>
<p>${dollars(Number(price.unit_amount))} per ${escapeHtml(interval)}${session.customer_email ? ` · ${escapeHtml(String(session.customer_email))}` : ''}</p>
<form method="post" action="/checkout/${escapeHtml(String(session.id))}/pay"><button type="submit">Pay and subscribe</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and go back</a></p>`,
      ),
    );
  }

  function portalPage(res: ServerResponse, portal: Json) {
    const customer = portal.customer as string;
    const mine = invoices.filter((invoice) => invoice.customer === customer);
    const active = [...subscriptions.values()].filter(
      (s) => s.customer === customer && s.status !== 'canceled',
    );
    const rows = mine
      .map(
        (invoice) =>
          `<tr><td>${new Date(Number(invoice.created) * 1000).toISOString().slice(0, 10)}</td><td>${escapeHtml(String(invoice.description))}</td><td>${dollars(Number(invoice.amount_paid))}</td><td>${escapeHtml(String(invoice.status))}</td></tr>`,
      )
      .join('');
    const cancelForms = active
      .map((s) =>
        s.cancel_at_period_end
          ? '<p>Your subscription ends at the end of the period.</p>'
          : `<form method="post" action="/portal/${escapeHtml(String(portal.id))}/cancel/${escapeHtml(String(s.id))}"><button type="submit">Cancel subscription</button></form>`,
      )
      .join('');
    html(
      res,
      page(
        'Billing',
        `<h1>Billing history</h1><table><thead><tr><th>Date</th><th>Description</th><th>Amount</th><th>Status</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No invoices yet</td></tr>'}</tbody></table>
${cancelForms}<p><a href="${escapeHtml(String(portal.return_url))}">Return to Edge Options</a></p>`,
      ),
    );
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL) {
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/(\w+)(\/pay)?$/.exec(url.pathname))) {
      const session = sessions.get(match[1]!);
      if (!session) return html(res, page('Not found', '<h1>This checkout has expired</h1>'), 404);
      if (req.method === 'POST' && match[2]) {
        await pay(session.id as string);
        res.writeHead(303, { location: String(session.success_url) });
        return res.end();
      }
      return checkoutPage(res, session);
    }
    if ((match = /^\/portal\/(\w+)(?:\/cancel\/(\w+))?$/.exec(url.pathname))) {
      const portal = portals.get(match[1]!);
      if (!portal) return html(res, page('Not found', '<h1>This session has expired</h1>'), 404);
      if (req.method === 'POST' && match[2]) {
        const subscription = subscriptions.get(match[2]);
        if (subscription && subscription.customer === portal.customer) await cancel(subscription, true);
        res.writeHead(303, { location: `/portal/${String(portal.id)}` });
        return res.end();
      }
      return portalPage(res, portal);
    }
    return html(res, page('Not found', '<h1>Not found</h1>'), 404);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const text = Buffer.concat(chunks).toString('utf8');
      const work =
        url.pathname === '/_stub/health'
          ? Promise.resolve(json(res, 200, { status: 'ok' }))
          : url.pathname.startsWith('/v1/')
            ? api(req, res, url, parseStripeForm(text))
            : hosted(req, res, url);
      work.catch((error: unknown) => {
        if (!res.headersSent) apiError(res, 500, (error as Error).message, 'api_error');
        else res.end();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    pay,
    send,
    event,
    deliveries,
    sessions,
    subscriptions,
    prices,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, body: string, status = 200) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stub = await startStripeStub({
    port: Number(process.env.STRIPE_STUB_PORT ?? 4020),
    secretKey: process.env.STRIPE_SECRET_KEY ?? STUB_SECRET_KEY,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? STUB_WEBHOOK_SECRET,
    webhookUrl: process.env.STRIPE_STUB_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/billing/webhook',
  });
  console.log(
    [
      `Stripe stub on ${stub.url}, sending events to ${stub.webhookUrl}. Start the app with:`,
      `  STRIPE_API_URL=${stub.url} STRIPE_SECRET_KEY=${stub.secretKey} STRIPE_WEBHOOK_SECRET=${stub.webhookSecret} npm start`,
    ].join('\n'),
  );
  const stop = () => void stub.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
