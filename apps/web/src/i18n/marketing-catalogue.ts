import { addEnglish } from './index.ts';
import enMarketing from './locales/en.marketing.json';

// The Marketing Services Request dialog brings its English with its chunk (ADR 0430, 0550).
addEnglish(enMarketing);
