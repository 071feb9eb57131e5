import { addEnglish } from './index.ts';
import enFunding from './locales/en.funding.json';

// The funding finder, its results, the Funding Searches panel and the applicant profile card bring
// their English with their chunks, not in the landing's entry (ADR 0430, 0550, 0730). French loads
// all its catalogues with i18next.
addEnglish(enFunding);
