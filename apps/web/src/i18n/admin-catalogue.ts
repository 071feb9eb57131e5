import { addEnglish } from './index.ts';
import enAdmin from './locales/en.admin.json';

// The dashboard's admin panels bring their English with their chunk, not in the landing's entry
// (ADR 0430, 0550).
addEnglish(enAdmin);
