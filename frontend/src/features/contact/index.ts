// The contact feature's public surface, for src/app to compose.
export { ContactView } from './components/contact-view';
