import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@shared/texts.js';
import { Modal } from '@/components/ui/modal';
import { RegistrationSuccess } from '@/features/auth/components/registration-success';
import { renderWithRouter } from './render';

/**
 * The structure axe-core asks of the shared pieces (docs/accessibility.md "How the screens meet the
 * rules"), checked where they are built; the browser test checks every screen as a whole.
 */
describe('accessible structure of shared pieces', () => {
  it("lets the keyboard reach a dialog's body, which scrolls when taller than the screen", () => {
    renderWithRouter(
      <Modal open title="User Details" onClose={() => undefined}>
        <p>Only text, no control.</p>
      </Modal>,
    );
    const body = screen.getByText('Only text, no control.').parentElement!;
    expect(body.className).toContain('overflow-y-auto');
    expect(body.tabIndex).toBe(0);
  });

  it('makes the panel shown after registering the page heading', () => {
    renderWithRouter(<RegistrationSuccess email="ada@example.com" />);
    expect(screen.getByRole('heading', { level: 1, name: TEXT.registrationSuccessTitle })).toBeTruthy();
  });
});
