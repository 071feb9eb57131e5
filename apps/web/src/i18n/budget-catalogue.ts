import { addEnglish } from './index.ts';
import enBudget from './locales/en.budget.json';

// The budget builder's English comes with its chunk (the editor's), not in the landing's entry
// (ADR 0430); French loads all its catalogues with i18next.
addEnglish(enBudget);
