// The legal feature's public surface, for src/app to compose.
export { PrivacyPolicy } from './components/privacy-policy';
export { RefundPolicy } from './components/refund-policy';
export { TermsOfService } from './components/terms-of-service';
