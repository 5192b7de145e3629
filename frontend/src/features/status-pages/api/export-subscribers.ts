import { downloadFrom } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/** The file name when the answer names none: the page's slug and today's date. */
export const subscribersFileName = (slug: string, now: Date): string => `upwatch-subscribers-${slug}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * GET /api/status-pages/{id}/subscribers/export, with the user's token, saved as a file under the
 * name the server gives it (Content-Disposition), as the data export is (docs/status-pages.md
 * "Subscribers"). Answers the file's name.
 */
export const exportSubscribers = async (page: { id: string; slug: string }): Promise<string> => {
  const file = await downloadFrom('exportStatusPageSubscribers', { id: page.id });
  const filename = file.filename ?? subscribersFileName(page.slug, new Date());
  saveFile(file.blob, filename);
  return filename;
};
