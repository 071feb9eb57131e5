import { addEnglish } from './index.ts';
import enAffiliate from './locales/en.affiliate.json';

// The Affiliate Program dialog brings its English with its chunk (ADR 0430, 0550).
addEnglish(enAffiliate);
