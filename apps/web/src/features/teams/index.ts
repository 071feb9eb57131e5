/** Organisations, sharing and comments (issue 32): the editor's team panel, mounted by the app. */
export { TeamPanel } from './components/team-panel.tsx';
