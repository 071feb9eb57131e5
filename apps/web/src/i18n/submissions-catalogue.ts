import { addEnglish } from './index.ts';
import enSubmissions from './locales/en.submissions.json';

// The generate and analyze dialogs, the program picker, the milestones and the submission viewer
// bring their English with their chunks, not in the landing's entry (ADR 0430, 0640). French loads
// all its catalogues with i18next.
addEnglish(enSubmissions);
