import { addEnglish } from './index.ts';
import enAccount from './locales/en.account.json';

// The account page's English (profile, credit history, purchases, password, devices, data,
// deletion) comes with its chunk, not in the landing's entry (ADR 0430, 0640). French loads all
// its catalogues with i18next.
addEnglish(enAccount);
