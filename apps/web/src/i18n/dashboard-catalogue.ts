import { addEnglish } from './index.ts';
import enDashboard from './locales/en.dashboard.json';

// The signed-in area's shell (dashboard, header, status labels, program search) brings its English
// with its chunk, not in the landing's entry (ADR 0430, 0550). Imported by every component that
// reads these groups, so a page reached without the dashboard (an admin page) has them too.
addEnglish(enDashboard);
