import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiError } from '../lib/api-client';
import { AuthProvider } from '../lib/session';

// Retrying a 4xx cannot change the answer; network failures and 5xx may pass.
const shouldRetryOnError = (error: Error): boolean => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ shouldRetryOnError, errorRetryCount: 3 }}>
      <AuthProvider>{children}</AuthProvider>
    </SWRConfig>
  );
}
