/**
 * CloudFront Function code (cloudfront-js-2.0, viewer request) that serves the SPA shell for client
 * routes such as `/monitors/01J...` or `/verify-email`: a path whose last segment has no dot is a
 * route, not a file, so it is rewritten to `/index.html`; files (`/assets/app.js`, `/config.json`)
 * pass through untouched.
 *
 * Why not the usual distribution error responses (403/404 -> /index.html)? Those apply to every
 * behaviour of the distribution, `/api/*` included: the API's own 403 ("monitor limit") and 404
 * answers would reach the browser as index.html with status 200. This function is attached to the
 * S3 behaviour only, so API errors pass through as the API sent them.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
