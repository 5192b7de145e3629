import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** The closing band of the landing and pricing pages. */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-indigo-600">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-6 px-4 py-14 text-center sm:px-6 md:flex-row md:text-left">
        <div>
          <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Start monitoring your website today
          </h2>
          <p className="mt-2 text-indigo-100">Free for one website. No card needed.</p>
        </div>
        <Link
          to={paths.register}
          className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-5 py-2.5 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Start Free
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    </section>
  );
}
