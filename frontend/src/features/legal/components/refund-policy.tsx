import { Link } from 'react-router-dom';
import { dayRange, POLICY } from '@shared/policies.js';
import { LegalDocument, type LegalSection } from './legal-document';
import { paths } from '@/config/paths';

// The refund window is the policy's 7 days from the first payment. (The first public copy also
// claims a 30-day money-back guarantee; the site quotes the policy's 7 days everywhere, so no page
// promises more than this one honours.)
const SECTIONS: LegalSection[] = [
  {
    id: 'cancelling',
    title: 'Cancelling your subscription',
    body: (
      <>
        <p>
          You can cancel at any time from <strong>Settings → Subscription</strong>, with no fee. Your paid plan stays
          active until the end of the billing period you have paid for; after that the account moves to the Free plan
          and you are not charged again.
        </p>
        <p>Your monitors, incidents and settings stay in your account. Monitors above the Free plan’s limit are disabled, not deleted.</p>
      </>
    ),
  },
  {
    id: 'downgrading',
    title: 'Downgrading to a smaller plan',
    body: (
      <ul>
        <li>A downgrade takes effect at the end of the current billing period; until then you keep your current plan.</li>
        <li>Monitors above the new plan’s limit are disabled and kept for {POLICY.disabledMonitorsKeptDays} days, so you can choose which ones to keep.</li>
        <li>
          After a downgrade to Free, your data is kept for {POLICY.freeIncidentArchiveDays} days and incidents older than{' '}
          {POLICY.freeIncidentArchiveDays} days are archived.
        </li>
      </ul>
    ),
  },
  {
    id: 'eligibility',
    title: 'When you can get a refund',
    body: (
      <>
        <p>
          If Upwatch is not right for you, you can ask for a full refund within <strong>{POLICY.refundWindowDays} days of
          your first payment</strong>.
        </p>
        <p>
          After that, payments are not refunded, but cancelling stops all future charges.
        </p>
      </>
    ),
  },
  {
    id: 'requesting',
    title: 'How to ask for a refund',
    body: (
      <>
        <p>
          Send us a message from our <Link to={paths.contact}>contact page</Link> with <strong>Billing</strong> as the subject,
          from the e-mail address of your account. Tell us the plan and the date of the payment.
        </p>
        <p>
          We answer refund requests within {dayRange(POLICY.refundResponseBusinessDays)} business days. Once approved,
          the refund reaches your original payment method in {dayRange(POLICY.refundProcessingBusinessDays)} business
          days.
        </p>
      </>
    ),
  },
  {
    id: 'failed-payments',
    title: 'Failed payments',
    body: (
      <p>
        If a renewal payment fails, we retry it {POLICY.failedPaymentRetries} times over{' '}
        {POLICY.failedPaymentRetryDays} days. If it still fails, your account moves to the Free plan. You can upgrade
        again at any time.
      </p>
    ),
  },
  {
    id: 'outages',
    title: 'Service outages',
    body: (
      <p>
        If Upwatch itself is unavailable for more than {POLICY.outageCreditHours} continuous hours, paying customers may
        ask for a service credit. We consider each request case by case.
      </p>
    ),
  },
];

export const RefundPolicy = () => (
  <LegalDocument
    title="Refund and Cancellation Policy"
    intro={<p>This policy explains how to cancel or change your Upwatch plan, and when and how we refund payments.</p>}
    sections={SECTIONS}
  />
);
