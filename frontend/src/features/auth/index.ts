// The auth feature's public surface, for src/app to compose.
export { AuthSwitcher } from './components/auth-switcher';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { VerifyEmailStatus } from './components/verify-email-status';
