import { addEnglish } from './index.ts';
import enEditor from './locales/en.editor.json';

// The application editor and its panels (checks, AI suggestions, analyses, versions) bring their
// English with their chunk, not in the landing's entry (ADR 0550, 0850). French loads all its
// catalogues with i18next.
addEnglish(enEditor);
