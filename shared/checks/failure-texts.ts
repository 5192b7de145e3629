import { ASSERTION_FAILURE_TEXTS } from './assertion-failure-texts.js';
import { MONITOR_TYPE_FAILURE_TEXTS } from './monitor-type-failure-texts.js';
import type { ErrorCategory } from './check-result.js';
import { DEFAULT_MONITOR_TYPE, monitorTypeDefinition, type MonitorType } from '../monitors/types/index.js';

/**
 * What a failed check means, written for the site owner rather than an engineer: what visitors
 * experience, why it happens, and what to do. One entry per error category, and for HTTP errors
 * per status code where the fix differs.
 *
 * Impact: a failure that keeps every visitor out is HIGH. MEDIUM where the server is running and
 * the refusal may only hit automated checks like ours: 401 (a login wall), 403 (often a firewall
 * or bot protection that real browsers pass) and 429 (a rate limit). A blocked target is LOW: it
 * is our refusal, not an outage, and never opens an incident; the text exists so the address can
 * still be explained wherever it is shown.
 */
export type UserImpact = 'HIGH' | 'MEDIUM' | 'LOW';

export interface FailureText {
  userImpact: UserImpact;
  /** What visitors experience, one sentence. */
  impactDescription: string;
  /** Why, in plain words. */
  explanation: string;
  recommendedAction: string;
  /** Completes the type's down message (its wording's `downMessage`: "Your website is down: ..."), the incident message. */
  reason: string;
  /** The whole incident message, where "Your website is down" would be wrong (a heartbeat is a job). */
  message?: string;
}

const BY_CATEGORY: Record<Exclude<ErrorCategory, 'http_4xx' | 'http_5xx'>, FailureText> = {
  ...ASSERTION_FAILURE_TEXTS,
  ...MONITOR_TYPE_FAILURE_TEXTS,
  dns_failure: {
    userImpact: 'HIGH',
    impactDescription: "Visitors can't reach your site because its domain name doesn't resolve.",
    explanation:
      "When we looked up your domain name, no server address came back. Browsers run into the same problem, so nobody can open your site.",
    recommendedAction:
      "Check that your domain hasn't expired and that its DNS records point to your server (you manage them where you bought the domain or at your DNS provider). If you changed them recently, allow up to an hour for the change to spread.",
    reason: "its domain name doesn't resolve",
  },
  connection_refused: {
    userImpact: 'HIGH',
    impactDescription: "Visitors can't reach your site because your server is refusing connections.",
    explanation:
      "We found your server, but it turned the connection away. This usually means the web server program isn't running, or a firewall is closing the door on web traffic.",
    recommendedAction:
      'Check that your web server (for example Nginx, Apache or your app) is running, and restart it if it stopped. Make sure your firewall and hosting settings let web traffic in.',
    reason: 'your server is refusing connections',
  },
  connection_timeout: {
    userImpact: 'HIGH',
    impactDescription: "Visitors can't reach your site because your server doesn't answer.",
    explanation:
      'We tried to connect to your server and got no reply at all before giving up. The server may be switched off or overloaded, or a firewall may be silently dropping visitors.',
    recommendedAction:
      'Ask your hosting provider whether the server is running and reachable from the internet, and check that no firewall or security rule blocks incoming web traffic.',
    reason: "your server doesn't answer",
  },
  connection_reset: {
    userImpact: 'HIGH',
    impactDescription: "Visitors can't load your site because your server cuts the connection off.",
    explanation:
      'Your server accepted the connection and then closed it abruptly before sending a page. This often happens when the web server crashes while handling a request, or when a firewall or proxy in front of it drops the connection.',
    recommendedAction:
      "Look in your web server's error logs around the time this started for crashes or restarts, and check any firewall, load balancer or proxy in front of your site.",
    reason: 'your server cuts connections off',
  },
  tls_error: {
    userImpact: 'HIGH',
    impactDescription:
      "Visitors can't open your site securely: browsers show a security warning or refuse to load it.",
    explanation:
      "The secure (HTTPS) connection to your site failed. The usual causes are an expired SSL certificate, a certificate made out for a different domain name, or a certificate that isn't fully installed.",
    recommendedAction:
      "Check your site's SSL certificate: that it hasn't expired, that it covers this exact address (with and without www if you use both) and that it is installed completely. If your host or CDN manages the certificate, ask them to renew or reinstall it.",
    reason: 'its secure connection (SSL certificate) fails',
  },
  timeout: {
    userImpact: 'HIGH',
    impactDescription: "Visitors can't load your site: it takes too long to answer.",
    explanation:
      "We reached your server, but the page didn't arrive within this monitor's time limit. For visitors the page keeps loading and never finishes.",
    recommendedAction:
      'Check whether your server is overloaded, or whether something the page depends on (a database or an outside service) is slow or stuck. If this page is slow by nature, you can raise the timeout in the monitor settings.',
    reason: 'it takes too long to answer',
  },
  too_many_redirects: {
    userImpact: 'HIGH',
    impactDescription: "Visitors can't reach your page because it keeps redirecting them in a loop.",
    explanation:
      'Your site kept sending us from one address to another without ever arriving at a page. Browsers give up the same way and show a "too many redirects" error.',
    recommendedAction:
      'Check your redirect rules. A common cause is the same redirect (to HTTPS, or to or from www) being set up in two places, for example in both your CDN and your site settings; removing one of them ends the loop.',
    reason: 'it keeps redirecting in a loop',
  },
  invalid_response: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors may get a blank or broken page because your server sends back a garbled answer.',
    explanation:
      "Your server replied, but the reply wasn't a proper web page response, so browsers can't rely on it. A misconfigured server or proxy, or a program other than a web server answering at this address, can cause this.",
    recommendedAction:
      'Check that a web server is what answers at this address, and look for recent changes to your server or proxy configuration.',
    reason: 'your server sends back a garbled answer',
  },
  blocked_target: {
    userImpact: 'LOW',
    impactDescription: "We didn't check this address because it points to a private or internal network.",
    explanation:
      "For safety, Upwatch only checks sites on the public internet. This address leads to a private, local or reserved network, so the result says nothing about whether visitors can reach your site.",
    recommendedAction: 'Use the public address of your site: the one visitors type into their browser.',
    reason: 'its address points to a private network',
  },
  unknown: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors may not be able to reach your site.',
    explanation:
      "Our checks of your site failed from several of our locations, for a reason that doesn't match any of the usual causes.",
    recommendedAction:
      "Open your site in a browser to see whether it loads. If it doesn't, contact your hosting provider; if it does, the problem may already be over, and we'll tell you as soon as our checks pass again.",
    reason: 'our checks of it fail',
  },
};

const HTTP_4XX: Record<number, FailureText> = {
  401: {
    userImpact: 'MEDIUM',
    impactDescription: "Your site asks for a login before showing this page, so visitors without one can't see it.",
    explanation:
      "Your server is running but answered with error code 401 (login required). If this page is meant to be public, a password protection or login setting is blocking it; if it is private on purpose, only our check is affected.",
    recommendedAction:
      'If the page should be public, turn off password protection for it in your hosting panel, site builder or security plugin. If it is private on purpose, point this monitor at a public page such as your home page.',
    reason: 'it asks for a login',
  },
  403: {
    userImpact: 'MEDIUM',
    impactDescription: 'Your site refuses access to this page, so some or all visitors may be turned away.',
    explanation:
      'Your server is running but answered with error code 403 (forbidden). This often comes from a firewall, security plugin or bot protection that blocks automated checks like ours; it can also mean your hosting settings or file permissions block everyone.',
    recommendedAction:
      "Open the page yourself in a browser. If it loads, allow Upwatch's checks in your firewall or bot protection settings. If it doesn't, check your hosting's access rules and file permissions.",
    reason: 'it refuses access',
  },
  404: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors get a "page not found" error instead of your page.',
    explanation:
      "Your server is running, but it answered with error code 404: there is no page at this address (any more).",
    recommendedAction:
      "Check that the monitored address is spelled correctly and that the page wasn't moved, renamed or unpublished. If it moved, update the monitor or add a redirect from the old address.",
    reason: 'the page is not found',
  },
  410: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors are told your page has been removed for good.',
    explanation:
      "Your server answered with error code 410 (gone), which tells browsers and search engines the page was deleted on purpose and won't come back.",
    recommendedAction:
      'If the page should still exist, restore it or undo the setting that removed it. If it was removed on purpose, point this monitor at a page that is still live.',
    reason: 'the page has been removed',
  },
  429: {
    userImpact: 'MEDIUM',
    impactDescription: 'Your site turns requests away because it is getting too many, so some visitors may be refused.',
    explanation:
      'Your server is running but answered with error code 429 (too many requests). A rate limit on your site or hosting is rejecting requests, and during busy moments it can refuse real visitors too.',
    recommendedAction:
      "Check the rate limit or bot protection settings of your site and your hosting plan's limits. If the limit is meant for bots, allow Upwatch's checks; if real traffic reaches it, raise the limit or move to a bigger plan.",
    reason: 'it turns requests away as too many',
  },
};

const HTTP_5XX: Record<number, FailureText> = {
  500: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors get an "internal server error" page instead of your site.',
    explanation:
      'Your server answered with error code 500: your site\'s software hit an error while building the page. Usually a bug, a broken plugin or theme, a configuration mistake or an unavailable database is behind it.',
    recommendedAction:
      "Look in your site's error logs for the exact error. If you recently updated code, plugins, themes or settings, undo that change, and check that your database is running.",
    reason: 'it shows an internal server error',
  },
  502: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors get a "bad gateway" error instead of your site.',
    explanation:
      'Error code 502 means the server in front of your site (a proxy, load balancer or CDN) is up, but the application behind it crashed or sent back an answer it could not use.',
    recommendedAction:
      'Check that your application (for example PHP, Node.js or your app server) is running, and restart it if needed. Its logs show why it stopped answering.',
    reason: 'it shows a bad gateway error',
  },
  503: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors are told your site is temporarily unavailable.',
    explanation:
      'Error code 503 means your server is overloaded, in maintenance mode, or has no working application behind it to handle visitors.',
    recommendedAction:
      "If you put the site in maintenance mode, switch it off when you're done. Otherwise check whether the server is overloaded (traffic, memory, CPU) and whether your application is running; restarting it or adding capacity usually helps.",
    reason: 'it says it is temporarily unavailable',
  },
  504: {
    userImpact: 'HIGH',
    impactDescription: 'Visitors get a "gateway timeout" error instead of your site.',
    explanation:
      'Error code 504 means the server in front of your site (a proxy, load balancer or CDN) waited too long for your application to answer. The application is stuck or far too slow, often because of a slow database or an overloaded server.',
    recommendedAction:
      'Check that your application and database are running and not overloaded, look for pages or database queries that hang, and restart the application if it is stuck.',
    reason: 'it shows a gateway timeout error',
  },
};

const genericClientError = (statusCode: number | null): FailureText => ({
  userImpact: 'HIGH',
  impactDescription: 'Visitors get an error page instead of your site.',
  explanation: `Your server is running, but it answered with ${statusCode ? `error code ${statusCode}` : 'an error code in the 400s'}, which means it refused the request or could not find what was asked for.`,
  recommendedAction:
    'Check that the monitored address is correct and that the page is published and open to the public. Recent changes to your site, its settings or its hosting are the first place to look.',
  reason: statusCode ? `it answers with error code ${statusCode}` : 'it answers with an error',
});

const genericServerError = (statusCode: number | null): FailureText => ({
  userImpact: 'HIGH',
  impactDescription: 'Visitors get a server error page instead of your site.',
  explanation: `Your server answered with ${statusCode ? `error code ${statusCode}` : 'an error code in the 500s'}: something went wrong on the server while building the page.`,
  recommendedAction:
    'Look in your server or application error logs around the time this started. If you changed code, plugins or settings recently, undo that change.',
  reason: statusCode ? `it answers with server error code ${statusCode}` : 'it answers with a server error',
});

/** A website's text for a failure (the product's own); HTTP categories are refined by their status code. */
const websiteText = (category: ErrorCategory, statusCode: number | null): FailureText => {
  if (category === 'http_4xx') return (statusCode !== null && HTTP_4XX[statusCode]) || genericClientError(statusCode);
  if (category === 'http_5xx') return (statusCode !== null && HTTP_5XX[statusCode]) || genericServerError(statusCode);
  return BY_CATEGORY[category];
};

/**
 * The text for a failure of a monitor of `monitorType`, in its words (its wording's
 * `categoryTexts`, docs/checks.md "What each type's texts speak of"): a website's are the texts
 * above; another type's shared categories come from its wording, a category it has no text for
 * reads as its `unknown`, and the categories it defines itself keep their own texts.
 */
export const failureText = (errorCategory: ErrorCategory | null, statusCode: number | null, monitorType: MonitorType = DEFAULT_MONITOR_TYPE): FailureText => {
  const category = errorCategory ?? 'unknown';
  const definition = monitorTypeDefinition(monitorType);
  const own = definition.wording.categoryTexts[category];
  if (own) return own;
  const typeDefines = (definition.failureTexts as Partial<Record<ErrorCategory, FailureText>>)[category] !== undefined;
  if (monitorType === DEFAULT_MONITOR_TYPE || typeDefines) return websiteText(category, statusCode);
  return definition.wording.categoryTexts.unknown ?? websiteText(category, statusCode);
};

/** The status codes with their own wording, for tests and documentation. */
export const SPECIAL_STATUS_CODES = {
  http_4xx: Object.keys(HTTP_4XX).map(Number),
  http_5xx: Object.keys(HTTP_5XX).map(Number),
} as const;
