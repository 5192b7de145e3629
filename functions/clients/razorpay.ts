import Razorpay from 'razorpay';
import { billingConfig } from '../billing-config.js';

let client: Promise<Razorpay> | undefined;

/** The process-wide Razorpay client (the real SDK); RAZORPAY_API_URL points it at the local server. */
export const razorpay = (): Promise<Razorpay> =>
  (client ??= billingConfig().then(({ razorpay: settings }) => {
    const instance = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    if (settings.apiUrl) {
      // The SDK keeps its axios instance at `api.rq`; its base URL is the only thing that differs locally.
      (instance as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = settings.apiUrl;
    }
    return instance;
  }));
