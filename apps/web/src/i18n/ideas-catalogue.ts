import { addEnglish } from './index.ts';
import enIdeas from './locales/en.ideas.json';

// The Generated Ideas table and the idea generator dialog bring their English with their chunk,
// not in the landing's entry (ADR 0430, 0550).
addEnglish(enIdeas);
