// The status-pages feature's public surface, for src/app to compose.
export { StatusPagesView } from './components/status-pages-view';
export { EditStatusPageView, NewStatusPageView } from './components/status-page-editor';
