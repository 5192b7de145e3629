import type { Page } from 'playwright-core';
import { codeAfter, nextCodeOfAddress } from '../../integration/helpers/two-factor.js';

/**
 * After "Sign In" at the admin login: the second step operators must pass (docs/security.md
 * "Two-factor sign-in"). An operator with two-factor sign-in is asked the code (computed from the
 * stored secret as the app would); one without it sets it up first, from the key on the page.
 */
export const passOperatorSecondStep = async (page: Page, email: string): Promise<void> => {
  const codeStep = page.getByTestId('two-factor-step');
  const setup = page.getByTestId('two-factor-setup');
  await codeStep.or(setup).waitFor();
  if (await codeStep.isVisible()) {
    await page.getByLabel('Authentication code').fill(await nextCodeOfAddress(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    return;
  }
  const secret = page.getByTestId('two-factor-secret');
  await secret.waitFor();
  await page.getByLabel('Code from the app').fill(await codeAfter((await secret.textContent())!.trim(), null));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
};
