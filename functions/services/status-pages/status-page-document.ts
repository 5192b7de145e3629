import { MISSING_STATUS_PAGE_CACHE_CONTROL } from '../../../shared/status-pages/public-page-builder.js';
import { config } from '../../config.js';
import { renderStatusPage, renderStatusPageNotFound, type RenderedDocument } from './html/render-status-page.js';
import { renderPrivateGate } from './html/render-private-gate.js';
import { PRIVATE_STATUS_CACHE_CONTROL, viewStatusPage } from './private/view-status-page.js';

/** An HTML answer of the page's address: its status, the document and how long caches may keep it. */
export interface StatusPageAnswer {
  statusCode: number;
  document: RenderedDocument;
  cacheControl: string;
  /** A private page's answers: kept out of search engines (`X-Robots-Tag: noindex`). */
  noindex: boolean;
}

/**
 * `GET /status/{slug}`: the public page as HTML from the same loader as its JSON
 * (docs/status-pages.md "The public page"); a slug no page holds gets the friendly not-found page,
 * and a private page the visitor may not view its sign-in form (docs/status-pages.md "Private pages").
 */
export const statusPageDocument = async (slug: string, cookieHeader: string | undefined, now: Date): Promise<StatusPageAnswer> => {
  const siteOrigin = config().appUrl;
  const view = await viewStatusPage(slug, cookieHeader, now);
  if (view.kind === 'missing') {
    return { statusCode: 404, document: renderStatusPageNotFound({ siteOrigin }), cacheControl: MISSING_STATUS_PAGE_CACHE_CONTROL, noindex: false };
  }
  if (view.kind === 'private') {
    const form = view.stored.access.visibility === 'password' ? 'password' : 'email_domain';
    return {
      statusCode: 200,
      document: renderPrivateGate({ slug: view.stored.slug, form, notice: null }, { siteOrigin }),
      cacheControl: PRIVATE_STATUS_CACHE_CONTROL,
      noindex: true,
    };
  }
  return {
    statusCode: 200,
    document: renderStatusPage(view.page, { siteOrigin }),
    cacheControl: view.cacheControl,
    noindex: view.stored.access.visibility !== 'public',
  };
};
