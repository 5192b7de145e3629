import type { FailureText } from './failure-texts.js';

/**
 * What a failed assertion means (docs/checks.md "Assertions"), in the words of failure-texts.ts:
 * the site answered, but not with what its owner told us a working page looks like. HIGH like any
 * outage: the owner chose these checks because visitors depend on them.
 */
export const ASSERTION_FAILURE_TEXTS = {
  unexpected_status: {
    userImpact: 'HIGH',
    impactDescription: "Your page answers, but not with the status you said it should have, so visitors may not get the page you expect.",
    explanation:
      'Your server answered with a status code outside the list this monitor accepts (for example a redirect where you expect the page itself, or "no content" where you expect content).',
    recommendedAction:
      "Open the address yourself and see where it leads. If the new status is right (the page moved on purpose, say), update the monitor's expected status codes; otherwise undo the change that made the server answer differently.",
    reason: 'it answers with a status code you did not expect',
  },
  keyword_missing: {
    userImpact: 'HIGH',
    impactDescription: 'Your page loads, but the text you told us to look for is missing, so visitors may see an error or an empty page.',
    explanation:
      "The server answered normally, but the word or phrase this monitor looks for isn't on the page. That usually means the page shows an error message, a maintenance notice or an empty template instead of your content.",
    recommendedAction:
      "Open the page in a browser and look for the text. If the page is broken, check your site's error logs and recent changes; if you changed the wording on purpose, update the monitor's keyword.",
    reason: 'the text it should show is missing',
  },
  keyword_found: {
    userImpact: 'HIGH',
    impactDescription: 'Your page shows text you told us should never be there, such as an error message.',
    explanation:
      'The server answered normally, but the page contains the word or phrase this monitor watches out for (often words like "error", "exception" or "maintenance").',
    recommendedAction:
      "Open the page in a browser and find the text. If it is an error message, look in your site's error logs for its cause; if the text is there on purpose now, remove it from the monitor's settings.",
    reason: 'it shows text that should not be there',
  },
  json_mismatch: {
    userImpact: 'HIGH',
    impactDescription: 'Your API answers, but not with the data you expect, so the apps that use it may fail.',
    explanation:
      "The answer isn't the JSON this monitor expects: it isn't JSON at all, the value at the JSON path is missing, or it differs from the expected value (for example a health check that says \"degraded\" instead of \"ok\").",
    recommendedAction:
      "Call the address yourself and look at the answer. If a dependency such as a database is reported unhealthy, fix that first; if the API's format changed on purpose, update the monitor's JSON path or expected value.",
    reason: 'its answer does not contain the expected data',
  },
  header_mismatch: {
    userImpact: 'HIGH',
    impactDescription: 'Your page answers, but without a response header you rely on, so browsers or apps may handle it wrongly.',
    explanation:
      'The response header this monitor checks is missing or has another value than expected (for example a content type of text/html where an API should answer application/json, or a missing security or cache header).',
    recommendedAction:
      'Check your server, CDN or proxy configuration for recent changes to response headers. If the new value is correct, update the monitor\'s expected header value.',
    reason: 'a response header is missing or wrong',
  },
  body_too_large: {
    userImpact: 'MEDIUM',
    impactDescription: 'We could not check the text of your page because it is larger than the part our checks read.',
    explanation:
      'Checks read at most the first 1 MiB of a page. Your page is larger, and the keyword or JSON value this monitor looks for is not in that first part, so we cannot tell whether it holds.',
    recommendedAction:
      'Point the monitor at a smaller page or endpoint (a health-check address is ideal), or use a keyword that appears near the top of the page.',
    reason: 'its page is too large for the text check',
  },
} as const satisfies Record<string, FailureText>;
