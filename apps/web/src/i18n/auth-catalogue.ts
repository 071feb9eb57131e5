import { addEnglish } from './index.ts';
import enAuth from './locales/en.auth.json';

// The sign-in pages' English comes with their chunk (imported by AuthLayout), not in the landing's
// entry (ADR 0430). French loads all its catalogues with i18next.
addEnglish(enAuth);
