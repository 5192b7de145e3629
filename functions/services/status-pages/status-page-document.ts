import { config } from '../../config.js';
import { loadPublicStatusPage } from './load-public-page.js';
import { renderStatusPage, renderStatusPageNotFound, type RenderedDocument } from './html/render-status-page.js';

/**
 * `GET /status/{slug}`: the public page as HTML from the same loader as its JSON
 * (docs/status-pages.md "The public page"); a slug no page holds gets the friendly not-found page.
 */
export const statusPageDocument = async (slug: string, now: Date): Promise<{ found: boolean; document: RenderedDocument }> => {
  const siteOrigin = config().appUrl;
  const page = await loadPublicStatusPage(slug, now);
  return page
    ? { found: true, document: renderStatusPage(page, { siteOrigin }) }
    : { found: false, document: renderStatusPageNotFound({ siteOrigin }) };
};
