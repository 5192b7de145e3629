// The settings feature's public surface, for src/app to compose.
export { SettingsView } from './components/settings-view';
