/**
 * The path of the SPA's acknowledgement page; alert messages link to `${appUrl}${ACK_PAGE_PATH}?token=...`.
 * A module of its own, without zod, so the SPA's first load (frontend/src/config/paths.ts) does not
 * bring the schemas of shared/alerts/acknowledge.ts with it (docs/performance-web.md).
 */
export const ACK_PAGE_PATH = '/ack';
