import { useAdminList } from './admin-list';

/** GET /api/admin/contact-messages: the contact-form messages, newest first. */
export const useContactMessages = (page: number) => useAdminList('adminListContactMessages', page, {});
