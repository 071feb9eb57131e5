/** The content library (issue 16 §4): the panel the application editor mounts, and its page. */
export { ContentLibraryPanel, type InsertableBlock } from './components/content-library.tsx';
export { useRecordBlockUse } from './api/content-library.api.ts';
