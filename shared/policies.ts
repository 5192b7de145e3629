/**
 * The policy constants of the legal pages (docs/product-rules.md "Public pages and policies"), in one place for the terms, privacy
 * and refund pages, the pricing FAQ, and the billing jobs that will enforce them (dunning,
 * account erasure). Plan caps and data retention per plan live in `tiers.ts`.
 */
export const POLICY = {
  /** Terms of Service and Privacy Policy (docs/product-rules.md "Public pages and policies"). */
  lastUpdated: 'January 25, 2025',
  operator: { city: 'Gurgaon', state: 'Haryana', country: 'India' },
  /** Full refund on request within this many days of the first payment. */
  refundWindowDays: 7,
  /** A refund reaches the original payment method in 7-10 business days. */
  refundProcessingBusinessDays: { min: 7, max: 10 },
  /** Refund requests are answered in 2-3 business days. */
  refundResponseBusinessDays: { min: 2, max: 3 },
  /** A failed renewal is retried this many times over this many days, then the account moves to Free. */
  failedPaymentRetries: 3,
  failedPaymentRetryDays: 7,
  /** A service credit is considered after an outage of more than this many continuous hours. */
  outageCreditHours: 24,
  /** Account data is deleted within this many days of the account's deletion. */
  accountDeletionDays: 30,
  /** Notice before a price change or a change of the terms takes effect. */
  priceChangeNoticeDays: 30,
  termsChangeNoticeDays: 30,
  minimumAge: 18,
  /** After a downgrade, monitors over the new plan's cap are disabled and kept this long (docs/product-rules.md "Disabling on downgrade"). */
  disabledMonitorsKeptDays: 30,
  /** After a downgrade to Free, incidents older than this are archived (docs/product-rules.md "Retention"). */
  freeIncidentArchiveDays: 30,
  /**
   * Hours within which a contact message is answered, as the contact page and the plan cards promise:
   * priority (a signed-in Business or Enterprise customer), sales questions, everything else. The
   * operators' queue keeps each message's deadline from these (docs/product-rules.md "Priority support").
   */
  supportResponseHours: { priority: 4, sales: 2, general: 24 },
  /** An account whose address is never verified is erased this many days after it registered (docs/product-rules.md "Unverified accounts"). */
  unverifiedAccountKeptDays: 7,
} as const;

/** "7-10" for a business-day range. */
export const dayRange = ({ min, max }: { min: number; max: number }): string => `${min}-${max}`;
