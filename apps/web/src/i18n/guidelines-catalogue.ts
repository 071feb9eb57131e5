import { addEnglish } from './index.ts';
import enGuidelines from './locales/en.guidelines.json';

// The editor's guidelines checklist brings its English with its chunk, not in the landing's entry
// (ADR 0430, 0550).
addEnglish(enGuidelines);
