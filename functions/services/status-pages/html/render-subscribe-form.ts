import { validationError } from '../../../../shared/errors.js';
import type { PublicGroup } from '../../../../shared/status-pages/public-page.js';
import { SUBSCRIBER_TEXTS } from '../../../../shared/status-pages/subscribers.js';
import { escapeHtml } from './escape-html.js';
import { SUBSCRIBE_FORM_TEXT } from './texts.js';

/**
 * The public page's "Get updates" section (docs/status-pages.md "Subscribers"): an e-mail form for
 * the whole page or chosen components, and the page's feeds beside it. It works with JavaScript
 * off: a plain form post to `/status/{slug}/subscribe` (fields `email`, `scope` and repeated
 * `component_ids`), whose answer is a small page of its own. With JavaScript on, SUBSCRIBE_SCRIPT
 * posts the same to the JSON route and shows the answer under the button. The section sits outside
 * `<main>`, so the live refresh never touches a half-typed address.
 */

/** One of the page's feeds, as the section links it. */
export interface FeedLink {
  label: string;
  href: string;
  type: string;
}

/** The element ids the header link, the CSS and the script find the section by. */
export const SUBSCRIBE_SECTION_ID = 'subscribe';

/** The form's two paths: the plain post (answers HTML) and the JSON route the script uses. */
export const subscribePaths = (slug: string) => ({
  form: `/status/${encodeURIComponent(slug)}/subscribe`,
  api: `/api/public/status/${encodeURIComponent(slug)}/subscribe`,
});

/**
 * What the form posted with JavaScript off, as the JSON route's input (before its schema): `scope=page`
 * is the whole page whatever boxes were ticked and then hidden, so a visitor gets what they saw
 * chosen; "Only the components I choose" with none ticked is a 400 naming the field, as the script
 * says before posting. A post without `scope` (a page rendered before it existed) sends the boxes.
 */
export const subscribeFormInput = (fields: ReadonlyMap<string, readonly string[]>): { email: string; component_ids?: string[] } => {
  const email = fields.get('email')?.[0] ?? '';
  const scope = fields.get('scope')?.[0];
  const componentIds = scope === 'page' ? [] : [...(fields.get('component_ids') ?? [])];
  if (scope === 'components' && componentIds.length === 0) {
    throw validationError([{ field: 'component_ids', message: SUBSCRIBE_FORM_TEXT.chooseComponent }]);
  }
  return componentIds.length ? { email, component_ids: componentIds } : { email };
};

const checkbox = (component: { id: string; name: string }): string => {
  const id = escapeHtml(`sub-c-${component.id}`);
  return `<li><input type="checkbox" id="${id}" name="component_ids" value="${escapeHtml(component.id)}"><label for="${id}">${escapeHtml(component.name)}</label></li>`;
};

/**
 * The components as checkboxes, grouped as the page groups them: ungrouped ones first without a
 * heading, each named group a fieldset with its name as the legend.
 */
const componentChoices = (groups: readonly PublicGroup[]): string =>
  groups
    .filter((group) => group.components.length > 0)
    .map((group) => {
      const boxes = `<ul>${group.components.map(checkbox).join('')}</ul>`;
      return group.name === null ? boxes : `<fieldset><legend>${escapeHtml(group.name)}</legend>${boxes}</fieldset>`;
    })
    .join('');

/** "Send me updates about": the whole page (chosen by default) or the components ticked below it. */
const followChoice = (groups: readonly PublicGroup[]): string => {
  const choices = componentChoices(groups);
  if (!choices) return '';
  return (
    `<fieldset class="sub-follow"><legend>${SUBSCRIBE_FORM_TEXT.follow}</legend>` +
    `<input type="radio" id="sub-all" name="scope" value="page" checked><label for="sub-all">${SUBSCRIBE_FORM_TEXT.wholePage}</label>` +
    `<input type="radio" id="sub-some" name="scope" value="components"><label for="sub-some">${SUBSCRIBE_FORM_TEXT.chosenComponents}</label>` +
    `<div class="sub-components">${choices}</div></fieldset>`
  );
};

/** The feed links beside the form (the page's head links them too). */
const feedLine = (feeds: readonly FeedLink[]): string =>
  feeds.length
    ? `<p class="feeds">${SUBSCRIBE_FORM_TEXT.feeds} ${feeds
        .map((feed) => `<a href="${escapeHtml(feed.href)}" type="${escapeHtml(feed.type)}">${escapeHtml(feed.label)}</a>`)
        .join(' · ')}</p>`
    : '';

/** The "Get updates" section of a page: its form, grouped component choices and feed links. */
export const renderSubscribeForm = (page: { slug: string; groups: readonly PublicGroup[] }, feeds: readonly FeedLink[]): string => {
  const paths = subscribePaths(page.slug);
  return (
    `<section class="wrap sub" id="${SUBSCRIBE_SECTION_ID}" aria-labelledby="subscribe-heading">` +
    `<h2 id="subscribe-heading">${SUBSCRIBE_FORM_TEXT.heading}</h2><div class="sub-card">` +
    `<p class="muted">${SUBSCRIBE_FORM_TEXT.intro}</p>` +
    `<form class="sub-form" method="post" action="${escapeHtml(paths.form)}" data-api="${escapeHtml(paths.api)}"` +
    ` data-accepted="${escapeHtml(SUBSCRIBER_TEXTS.subscribeAccepted)}" data-choose="${escapeHtml(SUBSCRIBE_FORM_TEXT.chooseComponent)}"` +
    ` data-failed="${escapeHtml(SUBSCRIBE_FORM_TEXT.failed)}">` +
    `<label for="sub-email">${SUBSCRIBE_FORM_TEXT.email}</label>` +
    `<input id="sub-email" name="email" type="email" required maxlength="254" autocomplete="email" spellcheck="false" aria-describedby="sub-note">` +
    followChoice(page.groups) +
    `<p id="sub-note" class="muted sub-note">${SUBSCRIBE_FORM_TEXT.confirmNote}</p>` +
    `<button type="submit">${SUBSCRIBE_FORM_TEXT.submit}</button>` +
    `<p class="sub-answer" role="status"></p>` +
    `</form>${feedLine(feeds)}</div></section>`
  );
};

/** The header's way to the section, for a visitor who would otherwise scroll past the whole history. */
export const renderGetUpdatesLink = (): string => `<a class="get-updates" href="#${SUBSCRIBE_SECTION_ID}">${SUBSCRIBE_FORM_TEXT.headerLink}</a>`;

/**
 * The section's CSS, added to the page's own style block. The component checkboxes show only while
 * "Only the components I choose" is checked (a sibling selector, so with JavaScript off too).
 */
export const SUBSCRIBE_FORM_STYLES = `.get-updates{margin-left:auto;flex:none;color:var(--on-accent);border:2px solid var(--on-accent);border-radius:8px;padding:6px 14px;font-weight:600;text-decoration:none}
.get-updates:hover{text-decoration:underline}.get-updates:focus-visible{outline:3px solid var(--on-accent);outline-offset:2px}
.sub-card{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:16px 20px}
.sub-form{display:grid;gap:8px;margin-top:12px;max-width:32rem}
.sub-form label{font-weight:600}
.sub-form input[type=email]{font:inherit;padding:8px 10px;border:1px solid #6b7280;border-radius:6px;width:100%}
.sub-form input:focus-visible,.sub-form button:focus-visible,.sub a:focus-visible{outline:2px solid #111827;outline-offset:2px}
.sub-follow,.sub-components fieldset{border:0;margin:0;padding:0;min-width:0}
.sub-follow{display:grid;grid-template-columns:auto 1fr;gap:6px 8px;align-items:center;margin-top:8px}
.sub-follow>legend{font-weight:600;margin-bottom:6px;padding:0}
.sub-follow label,.sub-components label{font-weight:400}
.sub-components{display:none;grid-column:1/-1;padding-left:26px}
#sub-some:checked~.sub-components{display:block}
.sub-components ul{list-style:none;margin:0 0 8px;padding:0;display:grid;gap:4px}
.sub-components li{display:flex;gap:8px;align-items:center}
.sub-components legend{font-weight:600;font-size:.95rem;padding:0;margin:4px 0}
.sub-form input[type=radio],.sub-form input[type=checkbox]{width:18px;height:18px;margin:0;accent-color:var(--accent-text)}
.sub-note{font-size:.875rem}
.sub-form button{justify-self:start;font:inherit;font-weight:600;color:#fff;background:var(--accent-text);border:0;border-radius:8px;padding:10px 18px;cursor:pointer}
.sub-form button:disabled{opacity:.7;cursor:progress}
.sub-answer:empty{display:none}.sub-answer{font-weight:600}
.sub .feeds{margin-top:16px;color:#4b5563;font-size:.9rem}
@media (max-width:640px){.top .wrap{flex-wrap:wrap}.top .wrap>div{flex:1 1 0;min-width:0}.get-updates{margin-left:0;flex-basis:100%;text-align:center}.sub-card{padding:14px}.sub-form button{justify-self:stretch}}`;
