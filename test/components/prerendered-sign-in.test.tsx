import { act, render, screen } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceEarlyInput } from '../../frontend/src/lib/early-input';
import { GuestOnly } from '../../frontend/src/app/guards';
import { Button } from '../../frontend/src/components/ui/button';
import { AUTH_PAGE_VIEWS, RegisterPage } from '../../frontend/src/app/routes/auth-pages';
import { rememberCheckoutIntent } from '../../frontend/src/lib/checkout-intent';
import type { SessionStatus } from '../../frontend/src/lib/session';

/**
 * The sign-in and registration forms are prerendered and shown at once (docs/performance-web.md
 * "Sign-in forms prerendered"): the guest guard does not wait for the session check, the
 * registration page renders the build's text first when hydrating, and what a visitor types before
 * the code is in is kept (and cannot be sent and lost meanwhile).
 */

const auth = vi.hoisted(() => ({ status: 'loading' as SessionStatus }));
vi.mock('@/lib/session', () => ({ useAuth: () => ({ status: auth.status }) }));

const guarded = () =>
  createMemoryRouter(
    [
      { element: <GuestOnly />, children: [{ path: '/login', element: <p>the sign-in form</p> }] },
      { path: '/app', element: <p>the app</p> },
    ],
    { initialEntries: ['/login'] },
  );

afterEach(() => localStorage.clear());

describe('the guest guard of /login and /register', () => {
  it('shows the form while the session check is still out', () => {
    auth.status = 'loading';
    render(<RouterProvider router={guarded()} />);
    expect(screen.getByText('the sign-in form')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends a signed-in visitor on to the app', async () => {
    auth.status = 'signed-in';
    const router = guarded();
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app');
  });
});

describe('the registration page', () => {
  it("renders the build's subtitle on the server, and the plan chosen on the pricing page in the browser", async () => {
    // As the build and main.tsx do: the form's code loaded before rendering.
    await AUTH_PAGE_VIEWS.register.preload();
    rememberCheckoutIntent({ tier: 'pro', method: 'card', billingPeriod: 'monthly' });
    const built = renderToString(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    expect(built).toContain('Start monitoring your first website for free.');
    expect(built).not.toContain('You chose Pro');
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^You chose Pro \(monthly\)\./)).toBeTruthy();
  });
});

function Form({ onSend }: { onSend: (values: { email: string; password: string }) => void }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend(values);
  };
  return (
    <form aria-label="Sign in" onSubmit={send}>
      <label>
        Email
        <input value={values.email} onChange={(event) => setValues({ ...values, email: event.target.value })} />
      </label>
      <label>
        Password
        <input type="password" value={values.password} onChange={(event) => setValues({ ...values, password: event.target.value })} />
      </label>
      <input type="checkbox" aria-label="Remember" />
      <p data-testid="state">{values.email}</p>
      <Button type="submit">Sign In</Button>
    </form>
  );
}

describe('a prerendered form before its code is in', () => {
  it('keeps what was typed, and its submit button waits for the code', async () => {
    const onSend = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form onSend={onSend} />);
    document.body.append(container);
    // Before the code: a submit would be the browser's own reload, so the button cannot be pressed yet.
    expect(container.querySelector('button')!.disabled).toBe(true);
    const [input, password] = [...container.querySelectorAll('input')];
    input!.value = 'ada@example.com';
    password!.value = 'analytical-engine';

    const root = await act(async () => hydrateRoot(container, <Form onSend={onSend} />));
    expect(container.querySelector('button')!.disabled).toBe(false);
    expect(container.querySelector('[data-testid="state"]')!.textContent).toBe('');
    act(() => announceEarlyInput(container));
    expect(container.querySelector('[data-testid="state"]')!.textContent).toBe('ada@example.com');
    expect(input!.value).toBe('ada@example.com');
    act(() => container.querySelector('button')!.click());
    expect(onSend).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'analytical-engine' });
    act(() => root.unmount());
    container.remove();
  });
});
