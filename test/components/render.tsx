import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Renders a screen part inside a router (links need one). */
export const renderWithRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

/** The message under the field labelled `label` (its error, else its hint), or null when it shows none. */
export const messageOf = (label: string | RegExp): string | null => {
  const control = screen.getByLabelText(label);
  const describedBy = control.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
};

/** The error under the field labelled `label`, or null when it is valid. */
export const errorOf = (label: string | RegExp): string | null =>
  screen.getByLabelText(label).getAttribute('aria-invalid') === 'true' ? messageOf(label) : null;
