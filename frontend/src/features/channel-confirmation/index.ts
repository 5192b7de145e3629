// The channel-confirmation feature's public surface, for src/app to compose.
export { ConfirmChannelView } from './components/confirm-channel-view';
