import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutCallbacks } from '../../frontend/src/lib/checkout';
import { useCheckout } from '../../frontend/src/lib/use-checkout';

/** The UPI popup reports a failed attempt at once and stays open; a later success comes through onPaid. */
const popup: { callbacks: CheckoutCallbacks | null } = { callbacks: null };

vi.mock('@/lib/session', () => ({ useAuth: () => ({ user: { name: 'Ravi', email: 'ravi@example.in' } }) }));
vi.mock('@/lib/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../frontend/src/lib/checkout')>()),
  startCheckout: async (_choice: unknown, callbacks: CheckoutCallbacks) => {
    popup.callbacks = callbacks;
    return { kind: 'failed', message: 'Payment failed. Please try again.' };
  },
}));

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('useCheckout', () => {
  it('takes a failed attempt\'s notice away when the same popup then pays', async () => {
    const { result } = renderHook(() => useCheckout(), { wrapper });
    await act(async () => {
      await result.current.start({ tier: 'pro', billingPeriod: 'monthly', method: 'upi' });
    });
    expect(result.current.notice).toEqual({ tone: 'error', text: 'Payment failed. Please try again.' });
    act(() => popup.callbacks!.onPaid('/app/settings?upi=sub_1'));
    expect(result.current.notice).toBeNull();
  });
});
