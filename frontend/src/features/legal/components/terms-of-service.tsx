import { Link } from 'react-router-dom';
import { dayRange, POLICY } from '@shared/policies.js';
import { TIER_IDS, TIERS } from '@shared/tiers.js';
import { LegalDocument, type LegalSection } from './legal-document';
import { paths } from '@/config/paths';
import { countOf } from '@shared/texts.js';

const { city, state, country } = POLICY.operator;

// The product's first description gave two readings of this page (docs/product-rules.md "Public pages and policies"): 15 sections (acceptable use, billing,
// termination, governing law of India), and "last updated January 25, 2025, marked noindex, only
// partly shown". They do not conflict, so the page has both: the full 15 sections, the date, noindex.
const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        These Terms of Service govern your use of the Upwatch website uptime-monitoring service (the “Service”). By
        creating an account or using the Service you agree to them. If you do not agree, do not use the Service.
      </p>
    ),
  },
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        The Service is operated by Upwatch, a company based in {city}, {state}, {country} (“Upwatch”, “we”, “us”). You
        can reach us at any time through our <Link to={paths.contact}>contact page</Link>.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Eligibility and your account',
    body: (
      <ul>
        <li>You must be at least {POLICY.minimumAge} years old and able to enter a binding contract.</li>
        <li>Give us accurate information, including an e-mail address you can receive mail at; we use it to verify your account and send alerts.</li>
        <li>Keep your password secret. You are responsible for everything done through your account.</li>
        <li>Tell us at once if you believe someone else has used your account.</li>
      </ul>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    body: (
      <>
        <p>
          Upwatch checks the websites you add (“monitors”) at the interval you choose, records their availability and
          response times, keeps an incident history and sends you alerts by e-mail and through the channels you add
          (such as Slack, text messages or webhooks). Features marked “Coming Soon” are not
          yet available and may change before they are.
        </p>
        <p>
          Monitoring reduces the time a problem goes unnoticed; it does not prevent problems, and a check can miss a
          short outage that begins and ends between two checks.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You may only monitor websites that you own or are authorised to monitor. You must not:</p>
        <ul>
          <li>use the Service to attack, overload or probe the security of any system, or to generate traffic for any purpose other than monitoring;</li>
          <li>try to reach private networks or internal addresses through our checks, or get around the limits of your plan;</li>
          <li>interfere with the Service, try to access other users’ data, or reverse engineer the Service except where the law allows it;</li>
          <li>resell the Service, or use it to break any law or anyone’s rights.</li>
        </ul>
        <p>We may pause monitors or suspend accounts that break these rules, and we will tell you why.</p>
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and limits',
    body: (
      <>
        <p>Each plan limits how many monitors you can have:</p>
        <ul>
          {TIER_IDS.map((id) => (
            <li key={id}>
              <strong>{TIERS[id].name}</strong>: up to {countOf(TIERS[id].monitorCap, 'monitor')}
            </li>
          ))}
        </ul>
        <p>
          Plan features are described on our <Link to={paths.pricing}>pricing page</Link>. The Free plan costs nothing and may
          be changed or limited with notice.
        </p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Fees, billing and payment',
    body: (
      <ul>
        <li>Paid plans are billed monthly in advance; where an annual plan is offered, it is billed once a year in advance.</li>
        <li>
          You pay by card through our card payment provider’s hosted checkout, or by UPI through our UPI provider. Card
          prices are in US dollars and UPI prices in Indian rupees.
        </li>
        <li>We never see or store your full card details; the payment providers handle them.</li>
        <li>
          If a renewal payment fails, we retry it {POLICY.failedPaymentRetries} times over {POLICY.failedPaymentRetryDays}{' '}
          days. If it still fails, your account moves to the Free plan.
        </li>
      </ul>
    ),
  },
  {
    id: 'price-changes',
    title: 'Price changes',
    body: (
      <p>
        We may change our prices. We will tell you by e-mail at least {POLICY.priceChangeNoticeDays} days before a new
        price applies to you, and you may cancel before it does.
      </p>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation, downgrades and refunds',
    body: (
      <>
        <p>
          You can cancel or downgrade at any time from your account settings. Your paid plan stays active until the end
          of the billing period you have paid for; then the account moves to the new plan, or to Free if you cancelled.
          Monitors above the new plan’s limit are disabled and kept for {POLICY.disabledMonitorsKeptDays} days.
        </p>
        <p>
          You may ask for a full refund within {POLICY.refundWindowDays} days of your first payment. Refunds reach your
          original payment method in {dayRange(POLICY.refundProcessingBusinessDays)} business days. The{' '}
          <Link to={paths.refund}>Refund and Cancellation Policy</Link> has the details.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Service availability',
    body: (
      <p>
        We work to keep the Service available at all times, but we may need to interrupt it for maintenance or because
        of events outside our control. If the Service is unavailable for more than {POLICY.outageCreditHours} continuous
        hours, paying customers may ask for a service credit, which we will consider case by case.
      </p>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <>
        <p>
          You own the data you put into the Service. You give us the right to store and process it only to provide the
          Service to you. How we handle personal data is described in our <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <p>
          Check history is kept for a period that depends on your plan ({TIERS.free.retentionDays} days on Free). You can
          export your monitors and incidents at any time from your settings.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <p>
          You may delete your account at any time from your settings. We delete your account data within{' '}
          {POLICY.accountDeletionDays} days of the deletion.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, or where the law requires
          us to. Where we can, we will warn you first and give you the chance to export your data.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          The Service is provided “as is”. To the extent the law allows, we make no promise that it will be
          uninterrupted or error-free, or that every outage of a monitored website will be detected or alerted.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits or
          lost data. Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will tell you about material changes by e-mail at least{' '}
        {POLICY.termsChangeNoticeDays} days before they take effect. If you keep using the Service after that, the new
        terms apply; if you do not accept them, you may delete your account.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of {country}. Any dispute that we cannot settle together will be decided by
        the courts of {city}, {state}, {country}.
      </p>
    ),
  },
];

export const TermsOfService = () => (
  <LegalDocument
    title="Terms of Service"
    lastUpdated={POLICY.lastUpdated}
    intro={
      <p>
        Please read these terms carefully. They explain what you can expect from Upwatch, what we expect from you, and how
        billing, cancellation and termination work.
      </p>
    }
    sections={SECTIONS}
  />
);
