/** Saved searches and followed programs (issue 14 §4): the dashboard table's controls and the /alerts page. */
export { SaveSearchButton } from './components/save-search-button.tsx';
export { FollowToggle } from './components/follow-toggle.tsx';
