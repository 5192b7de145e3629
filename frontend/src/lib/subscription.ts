/**
 * The plans and the user's plan usage, read by the pricing pages, the monitors page and settings:
 * one fetcher and one SWR key each, so every screen shares the same cached answer.
 */
import useSWR from 'swr';
import { z } from 'zod';
import { packagesOf, type Package, type Packages, type SubscriptionLimits } from '@shared/account/subscription.js';
import { TIER_IDS } from '@shared/tiers.js';
import { apiPath, callApi } from './api-client';

/** The SWR keys of the plans and of the user's plan usage. */
export const PACKAGES_PATH = apiPath('listPackages');
export const SUBSCRIPTION_LIMITS_PATH = apiPath('getSubscriptionLimits');

const PackageShape = z.object({
  name: z.string().min(1),
  price_usd: z.number().nonnegative(),
  price_inr: z.number().nonnegative(),
  features: z.array(z.string()),
  monitor_limit: z.number().int().nonnegative(),
}) satisfies z.ZodType<Package>;

const PackagesShape = z.record(z.enum(TIER_IDS), PackageShape) satisfies z.ZodType<Packages>;

/** A packages answer with every tier well formed, else an error (and the built-in prices). */
export const parsePackages = (value: unknown): Packages => PackagesShape.parse(value);

/** The prices shipped with the app (shared/tiers.ts), for when the call fails. */
export const BUILT_IN_PACKAGES: Packages = packagesOf();

/**
 * GET /api/subscription/packages (public): every plan keyed by tier id, prices per month. docs/product-rules.md "Checkout",
 * docs/product-rules.md "Error catalogue": when the call fails (or answers something malformed) the built-in prices are used, silently,
 * so this never rejects, and no retry changes the prices under the visitor's eyes later.
 */
export const getPackages = async (): Promise<Packages> => {
  try {
    return parsePackages(await callApi('listPackages'));
  } catch {
    return BUILT_IN_PACKAGES;
  }
};

export const usePackages = () => useSWR<Packages, Error>(PACKAGES_PATH, getPackages, { revalidateOnFocus: false });

/** GET /api/subscription/limits: the plan's monitor cap and how much of it is used. */
export const getSubscriptionLimits = (): Promise<SubscriptionLimits> => callApi('getSubscriptionLimits');

export const useSubscriptionLimits = () => useSWR<SubscriptionLimits, Error>(SUBSCRIPTION_LIMITS_PATH, getSubscriptionLimits);
