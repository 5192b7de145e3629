import { listStatusPages, replaceStatusPage } from '../../repositories/status-page-repository.js';
import { laterThan } from './update-status-page.js';

/** A page edited at the same time is read again and tried this many times. */
const ATTEMPTS = 3;

/**
 * A deleted monitor leaves every page of its owner that shows it (docs/status-pages.md "Pages and
 * components"): its component is dropped, the rest stay as they are. A user has a few pages (the
 * plan's cap), so this reads them all.
 */
export const removeMonitorFromStatusPages = async (userId: string, monitorId: string): Promise<void> => {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const showing = (await listStatusPages(userId)).filter((page) => page.components.some((component) => component.monitor_id === monitorId));
    if (!showing.length) return;
    await Promise.all(
      showing.map((page) =>
        replaceStatusPage(page, {
          ...page,
          components: page.components.filter((component) => component.monitor_id !== monitorId),
          updatedAt: laterThan(page.updatedAt),
        }),
      ),
    );
  }
};
