import { usePackages } from '@/lib/subscription';
import { plansOf, type Plan } from '../utils/pricing';

/**
 * The plans to show. docs/product-rules.md "Public pages and policies": prices come from the packages call, else the built-in ones (see
 * lib/subscription). `plans` is null only while the first answer is on its way.
 */
export const usePlans = (): { plans: Plan[] | null } => {
  const { data } = usePackages();
  return { plans: data ? plansOf(data) : null };
};
