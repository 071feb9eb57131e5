/** The institutions module's door for other modules (ADR 53). */
export { lookUpInstitution } from './institutions.service.ts';
