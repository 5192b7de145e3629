import { useAdminList } from './admin-list';

/** GET /api/admin/contact-messages: the support queue, by time left (docs/product-rules.md "Priority support"). */
export const useContactMessages = (page: number) => useAdminList('adminListContactMessages', page, {});
