import { useAdminList } from './admin-list';

/** GET /api/admin/contact-messages (beyond the spec): the contact-form messages, newest first. */
export const useContactMessages = (page: number) => useAdminList('adminListContactMessages', page, {});
