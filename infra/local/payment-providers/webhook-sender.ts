/**
 * Webhook delivery as the real providers do it: each event is POSTed to the configured endpoint,
 * signed at send time, and retried with exponential back-off on a network error or a non-2xx answer.
 * Events of one subscription go out in order: the next waits until the one before was delivered
 * (or given up on). Pending deliveries are part of the provider's saved state, so a restart resumes them.
 */
export interface PendingDelivery {
  eventId: string;
  /** Deliveries with the same key (the subscription id) are sent one after another. */
  key: string;
  body: string;
  attempts: number;
}

export interface RetryPolicy {
  /** Delay before the 2nd attempt; doubled for each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 12 };

export interface WebhookSenderOptions {
  name: string;
  /** Where events go; null keeps them queued (nothing listens yet). */
  target: () => string | null;
  /** The provider's signature headers for this body, computed at each attempt. */
  headersFor: (delivery: PendingDelivery) => Record<string, string>;
  pending: () => PendingDelivery[];
  save: () => void;
  retry?: RetryPolicy;
  log?: (line: string) => void;
}

export interface WebhookSender {
  send(delivery: Omit<PendingDelivery, 'attempts'>): void;
  /** Resolves once nothing is queued or in flight (tests). */
  idle(): Promise<void>;
  /** (Re)starts delivery of whatever is queued, e.g. after the target changed. */
  resume(): void;
  stop(): void;
}

export const createWebhookSender = (opts: WebhookSenderOptions): WebhookSender => {
  const retry = opts.retry ?? DEFAULT_RETRY;
  const log = opts.log ?? ((line: string) => console.log(`[${opts.name} webhooks] ${line}`));
  const running = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let idleWaiters: Array<() => void> = [];
  let stopped = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const settleIdle = () => {
    if (running.size > 0 && !stopped) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const attempt = async (delivery: PendingDelivery, url: string): Promise<string | null> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `${opts.name}-local/1.0`, ...opts.headersFor(delivery) },
        body: delivery.body,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  const drain = async (key: string) => {
    while (!stopped) {
      const delivery = opts.pending().find((candidate) => candidate.key === key);
      if (!delivery) break;
      const url = opts.target();
      if (!url) break;
      const problem = await attempt(delivery, url);
      if (stopped) break;
      delivery.attempts += 1;
      if (problem === null || delivery.attempts >= retry.maxAttempts) {
        if (problem !== null) log(`gave up on event ${delivery.eventId} after ${delivery.attempts} attempts (${problem})`);
        const queue = opts.pending();
        queue.splice(queue.indexOf(delivery), 1);
        opts.save();
        continue;
      }
      opts.save();
      const delay = Math.min(retry.firstDelayMs * 2 ** (delivery.attempts - 1), retry.maxDelayMs);
      log(`event ${delivery.eventId} to ${url}: ${problem}; attempt ${delivery.attempts + 1} in ${delay} ms`);
      await sleep(delay);
    }
    running.delete(key);
    settleIdle();
  };

  const kick = (key: string) => {
    if (stopped || running.has(key)) return;
    running.add(key);
    void drain(key);
  };

  const resume = () => {
    for (const key of new Set(opts.pending().map((delivery) => delivery.key))) kick(key);
  };

  return {
    send(delivery) {
      opts.pending().push({ ...delivery, attempts: 0 });
      opts.save();
      kick(delivery.key);
    },
    idle() {
      if (running.size === 0 || stopped) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    resume,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      settleIdle();
    },
  };
};
