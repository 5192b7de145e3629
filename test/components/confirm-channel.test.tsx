import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../frontend/src/lib/api-client';
import { ConfirmChannelView } from '../../frontend/src/features/channel-confirmation/components/confirm-channel-view';
import { renderWithRouter } from './render';

const confirmChannel = vi.hoisted(() => vi.fn());
vi.mock('@/features/channel-confirmation/api/confirm-channel', () => ({ confirmChannel }));

beforeEach(() => confirmChannel.mockReset());

const press = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('the confirm-channel page', () => {
  it('sends nothing on load (mail scanners open links), then confirms once on the button', async () => {
    let answer: (value: unknown) => void = () => undefined;
    confirmChannel.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithRouter(<ConfirmChannelView token="the-token-from-the-mail" />);
    expect(screen.getByText(/Nothing is sent to it until you confirm/)).toBeTruthy();
    expect(screen.getByText('If you did not expect this, close this page: no alerts will be sent to you.')).toBeTruthy();
    expect(confirmChannel).not.toHaveBeenCalled();

    press();
    // While it is on its way the button is busy: a second press sends nothing more.
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(confirmChannel).toHaveBeenCalledTimes(1);
    expect(confirmChannel).toHaveBeenCalledWith('the-token-from-the-mail');

    answer({ outcome: 'confirmed', message: "Confirmed: alerts of asha@example.com's monitors will now reach ops@example.com." });
    expect(await screen.findByRole('heading', { name: 'Alerts confirmed' })).toBeTruthy();
    expect(screen.getByText("Confirmed: alerts of asha@example.com's monitors will now reach ops@example.com.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('shows what happened when there was nothing to confirm', async () => {
    confirmChannel.mockResolvedValueOnce({ outcome: 'channel_gone', message: 'Nothing to confirm: ops@example.com is no longer on the account that added it, so no alerts will be sent to it.' });
    renderWithRouter(<ConfirmChannelView token="the-token-from-the-mail" />);
    press();
    expect(await screen.findByRole('heading', { name: 'Nothing to confirm' })).toBeTruthy();
    expect(screen.getByText(/is no longer on the account that added it/)).toBeTruthy();
  });

  it("shows the server's reason for a used or expired link, with no button to try again", async () => {
    const detail = 'This confirmation link is invalid, was used already or has expired (links work for 7 days).';
    confirmChannel.mockRejectedValueOnce(new ApiError(400, 'INVALID_TOKEN', detail));
    renderWithRouter(<ConfirmChannelView token="the-token-from-the-mail" />);
    press();
    expect(await screen.findByRole('heading', { name: 'Confirmation failed' })).toBeTruthy();
    expect(screen.getByText(detail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('keeps the button after a network failure, so the same link can be tried again', async () => {
    confirmChannel.mockRejectedValueOnce(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Please try again in a moment.'));
    confirmChannel.mockResolvedValueOnce({ outcome: 'confirmed', message: 'Confirmed: alerts of a@example.com’s monitors will now reach b@example.com.' });
    renderWithRouter(<ConfirmChannelView token="the-token-from-the-mail" />);
    press();
    expect(await screen.findByText('Please try again in a moment.')).toBeTruthy();
    press();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Alerts confirmed' })).toBeTruthy());
    expect(confirmChannel).toHaveBeenCalledTimes(2);
  });

  it('says a link without its token is incomplete, and sends nothing', () => {
    renderWithRouter(<ConfirmChannelView token={null} />);
    expect(screen.getByText(/This confirmation link is incomplete/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(confirmChannel).not.toHaveBeenCalled();
  });
});
