import { packagesOf, type Packages } from '../../../shared/account/subscription.js';

/** Every plan with its prices and features, keyed by tier id (from shared/tiers.ts). */
export const listPackages = (): Packages => packagesOf();
