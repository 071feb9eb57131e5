import { addEnglish } from './index.ts';
import enInfo from './locales/en.info.json';

// The public information pages (/faqs, /security-faq, /privacy-policy, /terms, /methodology) are
// lazy routes: their English comes with their chunk, not in the landing's entry (ADR 0430, 1005).
addEnglish(enInfo);
