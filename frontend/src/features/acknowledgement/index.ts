// The acknowledgement page's public surface, for src/app to compose.
export { AcknowledgeView } from './components/acknowledge-view';
