import http from 'node:http';
import Razorpay from 'razorpay';
import Stripe from 'stripe';

/**
 * Test kit for the local payment providers: the real SDKs pointed at a local server the way the
 * product points them (docs/billing.md "Configuration"), and a webhook endpoint that records what
 * arrives, optionally answering 500 a few times first to exercise the providers' retries.
 */
export const stripeClient = (apiUrl: string, secretKey: string): Stripe => {
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    maxNetworkRetries: 0,
  });
};

export const razorpayClient = (apiUrl: string, keyId: string, keySecret: string): Razorpay => {
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  // The SDK adds /v1/... itself (docs/billing.md "Configuration": RAZORPAY_API_URL).
  (client as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = apiUrl;
  return client;
};

export interface ReceivedWebhook {
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answer 500 to the next `count` deliveries. */
  failNext(count: number): void;
  /** Waits until `count` deliveries were accepted (2xx). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        response.writeHead(500).end('try again');
        return;
      }
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers, at: Date.now() });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    received,
    failNext(count) {
      failures = count;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}: ${received.map((r) => r.body.slice(0, 120)).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export const FAST_RETRY = { firstDelayMs: 20, maxDelayMs: 200, maxAttempts: 5 };
