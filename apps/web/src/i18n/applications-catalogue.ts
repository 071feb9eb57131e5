import { addEnglish } from './index.ts';
import enApplications from './locales/en.applications.json';

// The applications tracker, its dialogs and charts, and the dashboard's summary cards bring their
// English with their chunks, not in the landing's entry (ADR 0550, 0851).
addEnglish(enApplications);
