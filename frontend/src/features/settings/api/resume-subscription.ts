import type { ResumeResponse } from '@shared/billing/schemas.js';
import { callApi } from '@/lib/api-client';

/** POST /api/subscription/resume: takes back a cancellation or a scheduled downgrade (docs/billing.md "Resume and undo"). */
export const resumeSubscription = (): Promise<ResumeResponse> => callApi('resumeSubscription');
