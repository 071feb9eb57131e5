import { addEnglish } from './index.ts';
import enSred from './locales/en.sred.json';

// The SR&ED pages' English comes with their chunk, not in the landing's entry (ADR 0430, 0540).
addEnglish(enSred);
