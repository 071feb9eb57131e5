import { addEnglish } from './index.ts';
import enReviews from './locales/en.reviews.json';

// The reviews feature's English comes with its chunk, not in the landing's entry (ADR 0430).
addEnglish(enReviews);
