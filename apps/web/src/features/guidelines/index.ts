/** The guidelines checklist (issue 16 §3), mounted by the application editor. */
export { GuidelinesPanel } from './components/guidelines-panel.tsx';
export { useChecklistCoverage } from './api/guidelines.api.ts';
export { checklistKey } from './api/guidelines.queries.ts';
