import { Link } from 'react-router-dom';
import { POLICY } from '@shared/policies.js';
import { TIER_IDS, TIERS } from '@shared/tiers.js';
import { LegalDocument, type LegalSection } from './legal-document';
import { paths } from '@/config/paths';

const { city, state, country } = POLICY.operator;

/** "30 days", "1 year", "3 years": a plan's retention as people say it. */
const retention = (days: number): string =>
  days % 365 === 0 ? `${days / 365} ${days === 365 ? 'year' : 'years'}` : `${days} days`;

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'Information we collect',
    body: (
      <ul>
        <li>
          <strong>Account details</strong>: your name, e-mail address, password (held by our identity provider, never in
          plain text), your plan and your display timezone.
        </li>
        <li>
          <strong>Monitoring data</strong>: the names and addresses of the websites you monitor, and the results of every
          check — availability, response times, status codes and the incidents they lead to.
        </li>
        <li>
          <strong>Payment records</strong>: the plan you bought, the amount, the payment method type and the payment’s
          status. Card and UPI details are handled by our payment providers; we do not receive them.
        </li>
        <li>
          <strong>Messages</strong>: what you send us through the contact form, with your name and e-mail address.
        </li>
        <li>
          <strong>Technical records</strong>: logs of requests to our service, kept to run it securely and to fix
          errors.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>to run the Service: check your websites, record incidents and show them to you;</li>
        <li>to send the e-mails you need or ask for: verification and password-reset links, alerts, and the reports you turn on;</li>
        <li>to take payments and manage your subscription;</li>
        <li>to answer your messages and help you;</li>
        <li>to keep the Service secure, prevent abuse and meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data. We share it only with the providers that help us run the Service:</p>
        <ul>
          <li>our cloud hosting provider, which stores and processes the data for us;</li>
          <li>our e-mail provider, which delivers the e-mails we send you;</li>
          <li>our card and UPI payment providers, which process your payments.</li>
        </ul>
        <p>We may also disclose data when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>Check results are kept for a period that depends on your plan:</p>
        <ul>
          {TIER_IDS.map((id) => (
            <li key={id}>
              <strong>{TIERS[id].name}</strong>: {retention(TIERS[id].retentionDays)}
            </li>
          ))}
        </ul>
        <p>
          When you delete your account, we delete your account data within {POLICY.accountDeletionDays} days. Payment
          records may be kept longer where tax or accounting law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Data travels over encrypted connections. Sign-in tokens expire, e-mailed links work once and expire (a password
        reset link after 1 hour), and only a fingerprint of each link is stored.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and rights',
    body: (
      <ul>
        <li>See and export your data: Settings → Export Data downloads your monitors and incidents.</li>
        <li>Choose your e-mails: Settings → Notifications turns alerts and reports on or off.</li>
        <li>Delete your account: Settings → Security → Delete Account erases it.</li>
        <li>
          Ask us anything about your data, or to correct it, through our <Link to={paths.contact}>contact page</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    body: (
      <p>
        We keep your sign-in session in your browser’s local storage so that you stay signed in. We do not use
        advertising cookies or third-party trackers.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>The Service is for people aged {POLICY.minimumAge} and over. We do not knowingly collect data from children.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we make material changes to this policy, we will tell you by e-mail at least {POLICY.termsChangeNoticeDays}{' '}
        days before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Upwatch is operated by a company based in {city}, {state}, {country}. For any privacy question, write to us
        through our <Link to={paths.contact}>contact page</Link>.
      </p>
    ),
  },
];

export const PrivacyPolicy = () => (
  <LegalDocument
    title="Privacy Policy"
    lastUpdated={POLICY.lastUpdated}
    intro={
      <p>
        This policy explains what personal data Upwatch collects when you use our website uptime-monitoring service, why
        we collect it, and the choices you have.
      </p>
    }
    sections={SECTIONS}
  />
);
