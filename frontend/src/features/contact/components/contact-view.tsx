import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { POLICY } from '@shared/policies.js';
import { TIER_IDS, TIERS } from '@shared/tiers.js';
import { PublicPageHeader, SectionHeading } from '@/components/layout/public-page-header';
import { FaqList, type FaqItem } from '@/components/ui/faq-list';
import { ClockIcon, GlobeIcon, MailIcon } from '@/components/ui/icons';
import { useRuntimeConfig } from '@/lib/config';
import { ContactForm } from './contact-form';
import { paths } from '@/config/paths';

const link = 'font-medium text-indigo-600 hover:text-indigo-500';

const HOURS = POLICY.supportResponseHours;
const PRIORITY_PLANS = TIER_IDS.filter((id) => TIERS[id].prioritySupport).map((id) => TIERS[id].name).join(' and ');

/**
 * The contact page's response times (docs/product-rules.md "Priority support"): the targets the
 * operators' queue keeps for each message, from the one constant.
 */
const RESPONSE_TIMES = [
  { kind: 'Sales', time: `Within ${HOURS.sales} hours` },
  { kind: `Support on ${PRIORITY_PLANS}`, time: `Within ${HOURS.priority} hours` },
  { kind: 'Everything else', time: `Within ${HOURS.general} hours` },
];

const FAQ: FaqItem[] = [
  {
    question: 'How quickly will you reply?',
    answer: `Sales questions within ${HOURS.sales} hours, messages from signed-in ${PRIORITY_PLANS} customers within ${HOURS.priority} hours (priority support), and everything else within ${HOURS.general} hours.`,
  },
  {
    question: 'I forgot my password. Can you reset it?',
    answer: (
      <>
        You can do it yourself in a minute: use{' '}
        <Link to={paths.forgotPassword} className={link}>
          Forgot your password
        </Link>{' '}
        and we will e-mail you a reset link.
      </>
    ),
  },
  {
    question: 'My verification e-mail never arrived.',
    answer: (
      <>
        Check your spam or junk folder first. You can{' '}
        <Link to={paths.verifyEmail} className={link}>
          request a new verification link
        </Link>{' '}
        with the address you registered.
      </>
    ),
  },
  {
    question: 'I have a question about a payment or a refund.',
    answer: (
      <>
        Choose <strong className="font-medium text-slate-800">Billing</strong> as the subject so it reaches the right
        people. Our{' '}
        <Link to={paths.refund} className={link}>
          refund and cancellation policy
        </Link>{' '}
        explains what we refund and how long it takes.
      </>
    ),
  },
  {
    question: 'I want to monitor hundreds of websites.',
    answer: (
      <>
        The Enterprise plan monitors up to {TIERS.enterprise.monitorCap} websites, and you can add many at once from a CSV file. Choose{' '}
        <strong className="font-medium text-slate-800">Sales</strong> as the subject and tell us what you need.
      </>
    ),
  },
  {
    question: 'I found a bug or have an idea.',
    answer: (
      <>
        We would love to hear it. Choose <strong className="font-medium text-slate-800">Feedback</strong> as the subject
        and tell us what you saw or what you would like.
      </>
    ),
  },
];

function Channel({ icon: Icon, title, children }: { icon: ComponentType<SVGProps<SVGSVGElement>>; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** /contact (docs/product-rules.md "Contact form"): the form, how else to reach us, response times and an FAQ. */
export function ContactView() {
  const supportEmail = useRuntimeConfig()?.supportEmail;
  return (
    <>
      <PublicPageHeader
        eyebrow="Contact"
        title="Get in touch"
        lead="Questions about plans, a problem with a monitor, or an idea for Upwatch? Send us a message and a real person will answer."
      />

      <section aria-label="Contact us" className="bg-white py-12 sm:py-16">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 lg:grid-cols-3">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
            <h2 className="mb-6 text-xl font-semibold text-slate-900">Send us a message</h2>
            <ContactForm />
          </div>

          <aside className="space-y-6" aria-label="Other ways to reach us">
            <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <h2 className="sr-only">Other ways to reach us</h2>
              <ul className="space-y-6">
                <Channel icon={MailIcon} title="Email support">
                  {supportEmail ? (
                    <a href={`mailto:${supportEmail}`} className={`${link} break-all`}>
                      {supportEmail}
                    </a>
                  ) : (
                    'Use the form on this page: it goes straight to our support inbox, and we answer by e-mail.'
                  )}
                </Channel>
                <Channel icon={GlobeIcon} title="Global support">
                  Site owners around the world use Upwatch, and we support them wherever they are.
                </Channel>
              </ul>
            </div>

            <div className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                <ClockIcon className="size-5 text-indigo-600" />
                Response times
              </h2>
              <dl className="mt-4 divide-y divide-slate-200 text-sm">
                {RESPONSE_TIMES.map((row) => (
                  <div key={row.kind} className="flex justify-between gap-4 py-2.5">
                    <dt className="text-slate-600">{row.kind}</dt>
                    <dd className="font-medium whitespace-nowrap text-slate-900">{row.time}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </aside>
        </div>
      </section>

      <section aria-labelledby="contact-faq" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <SectionHeading id="contact-faq" title="Frequently asked questions" />
          <div className="mt-10">
            <FaqList items={FAQ} />
          </div>
        </div>
      </section>
    </>
  );
}
