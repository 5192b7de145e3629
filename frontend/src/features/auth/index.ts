// The auth feature's public surface, for src/app to compose.
export { AuthSwitcher } from './components/auth-switcher';
export { ForgotPasswordNotice } from './components/forgot-password-notice';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { VerifyEmailStatus } from './components/verify-email-status';
