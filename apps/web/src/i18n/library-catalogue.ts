import { addEnglish } from './index.ts';
import enLibrary from './locales/en.library.json';

// The content library (/library and the editor's panel) brings its English with its chunk, not in
// the landing's entry (ADR 0430, 0550).
addEnglish(enLibrary);
