import { addEnglish } from './index.ts';
import enAlerts from './locales/en.alerts.json';

// Saved searches and followed programs (the dashboard table's controls and /alerts) bring their
// English with their chunk, not in the landing's entry (ADR 0430, 0550).
addEnglish(enAlerts);
