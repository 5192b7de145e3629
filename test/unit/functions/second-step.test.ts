import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getTwoFactor, takeRecoveryCode } from '../../../functions/repositories/two-factor-repository.js';
import { hashRecoveryCode, newRecoveryCodes } from '../../../functions/services/auth/recovery-codes.js';
import { takeSecondStep } from '../../../functions/services/auth/second-factor.js';

vi.mock('../../../functions/repositories/two-factor-repository.js', () => ({
  getTwoFactor: vi.fn(),
  takeRecoveryCode: vi.fn(),
  takeTotpStep: vi.fn(),
}));

const on = { status: 'on', sealed_secret: 'sealed', recovery_hashes: new Set<string>() };

/** The one second step of both sign-ins (docs/security.md "Two-factor sign-in"). */
describe('takeSecondStep', () => {
  beforeEach(() => {
    vi.mocked(getTwoFactor).mockReset();
    vi.mocked(takeRecoveryCode).mockReset();
  });

  it('is not asked when two-factor sign-in is off, whatever the code', async () => {
    vi.mocked(getTwoFactor).mockResolvedValue(null);
    expect(await takeSecondStep('user-1', undefined)).toEqual({ asked: false, refusal: null });
    expect(await takeSecondStep('user-1', '123456')).toEqual({ asked: false, refusal: null });
  });

  it('asks the code when it is on and none was sent', async () => {
    vi.mocked(getTwoFactor).mockResolvedValue(on as never);
    const outcome = await takeSecondStep('user-1', undefined);
    expect(outcome.asked).toBe(true);
    expect(outcome.refusal).toMatchObject({ status: 401, code: 'TWO_FACTOR_REQUIRED' });
  });

  it('passes an unused recovery code (used up) and refuses one already used', async () => {
    vi.mocked(getTwoFactor).mockResolvedValue(on as never);
    const [code] = newRecoveryCodes();
    vi.mocked(takeRecoveryCode).mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await takeSecondStep('user-1', code)).toEqual({ asked: true, refusal: null });
    expect(takeRecoveryCode).toHaveBeenCalledWith('user-1', hashRecoveryCode(code!));
    const again = await takeSecondStep('user-1', code);
    expect(again.refusal).toMatchObject({ status: 401, code: 'TWO_FACTOR_CODE_INVALID' });
  });
});
