import { Link } from 'react-router-dom';
import { POLICY } from '@shared/policies.js';
import { TIER_IDS, TIERS } from '@shared/tiers.js';
import { FaqList, type FaqItem } from '@/components/ui/faq-list';
import { YEARLY_DISCOUNT_PERCENT } from '../../utils/pricing';
import { paths } from '@/config/paths';

const link = 'font-medium text-indigo-600 hover:text-indigo-500';

const caps = TIER_IDS.map((id) => `${TIERS[id].name} ${TIERS[id].monitorCap}`).join(', ');

const ITEMS: FaqItem[] = [
  {
    question: 'Can I try Upwatch for free?',
    answer: 'Yes. Every account starts on the Free plan, which monitors one website with e-mail alerts. No card is needed to sign up.',
  },
  {
    question: 'How do I move to a paid plan?',
    answer: (
      <>
        Choose the plan on this page (new visitors sign up first and go on to pay after signing in), or open{' '}
        <strong className="font-medium text-slate-800">Settings → Subscription</strong> in the app. The new limits apply as soon
        as the payment is confirmed.
      </>
    ),
  },
  {
    question: 'How is the yearly price worked out?',
    answer: `A year costs twelve monthly payments less ${YEARLY_DISCOUNT_PERCENT}%, rounded to the nearest dollar. The saving is shown on each plan when you choose Yearly.`,
  },
  {
    question: 'How do I pay?',
    answer:
      'By card, through our card payment provider’s secure hosted checkout, or by UPI in the provider’s payment window. Card prices are in US dollars and UPI prices in Indian rupees.',
  },
  {
    question: 'What happens when I reach my monitor limit?',
    answer: `Each plan monitors up to a set number of websites (${caps}). At the limit you can still see and edit your monitors; upgrade to add more.`,
  },
  {
    question: 'Can I downgrade or cancel?',
    answer: `Yes, at any time. Your plan stays active until the end of the billing period and then moves to the new plan, or to Free if you cancel. Monitors above the new plan’s limit are disabled and kept for ${POLICY.disabledMonitorsKeptDays} days.`,
  },
  {
    question: 'Do you offer refunds?',
    answer: (
      <>
        {/* The public copy once claimed a 30-day money-back guarantee, while the refund policy allows
            refunds within 7 days of the first payment. We quote the policy's 7 days everywhere: a visitor
            who relies on this answer expects the policy to honour it. */}
        You can ask for a full refund within {POLICY.refundWindowDays} days of your first payment. See our{' '}
        <Link to={paths.refund} className={link}>
          refund and cancellation policy
        </Link>{' '}
        for the details.
      </>
    ),
  },
  {
    question: 'What if a payment fails?',
    answer: `We retry a failed renewal ${POLICY.failedPaymentRetries} times over ${POLICY.failedPaymentRetryDays} days. If it still fails, the account moves to the Free plan; your monitors above its limit are disabled, not deleted.`,
  },
];

export const PricingFaq = () => <FaqList items={ITEMS} />;
