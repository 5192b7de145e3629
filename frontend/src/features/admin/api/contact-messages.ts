import type { AdminContactMessageList } from '../types';
import { ADMIN_PATHS } from './admin-client';
import { useAdminList } from './lists';

/** GET /api/admin/contact-messages (our addition, docs/product-rules.md "Operator lists"): the contact-form messages, newest first. */
export const useContactMessages = (page: number) => useAdminList<AdminContactMessageList>(ADMIN_PATHS.contactMessages, page, {});
