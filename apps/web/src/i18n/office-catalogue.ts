import { addEnglish } from './index.ts';
import enOffice from './locales/en.office.json';

// The teams feature's English (organisations, sharing, comments, the office's review and list)
// comes with its chunks, not in the landing's entry (ADR 0430). French loads with i18next.
addEnglish(enOffice);
