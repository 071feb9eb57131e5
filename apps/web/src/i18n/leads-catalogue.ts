import { addEnglish } from './index.ts';
import enLeads from './locales/en.leads.json';

// The landing's two lead forms are lazy chunks: their English comes with them, not in the
// landing's entry (ADR 0430, 1005).
addEnglish(enLeads);
