import { PASSWORD_MIN_LENGTH, TEXT } from '@shared/texts.js';
import { SETTINGS_TEXT } from '../texts';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

/**
 * docs/product-rules.md "Validation rules": all three fields required; the new password and its confirmation must match ("New
 * passwords do not match"); the new one at least 8 characters ("New password must be at least 8
 * characters long"). Each message sits under the field it is about.
 */
export const validatePasswordChange = (values: PasswordChangeValues): PasswordChangeErrors => {
  const errors: PasswordChangeErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Current password is required';
  if (!values.newPassword) errors.newPassword = 'New password is required';
  else if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = TEXT.newPasswordTooShort;
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your new password';
  else if (values.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = SETTINGS_TEXT.newPasswordsDoNotMatch;
  }
  return errors;
};
