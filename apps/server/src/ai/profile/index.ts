/** A program as every engine reads it: one profile built from the catalogue record and the data files (ADR 0241). */
export { profileOf, type ProfileBasis, type ProfileSection, type ProgramProfile } from './profile.ts';
export { limitText, loadProgramSections, PROGRAM_CRITERIA } from './data.ts';
export type { ResolvedCriterion, ResolvedElement, ProgramRequirementsView } from './criteria.ts';
export { languagesOf, type Language, type ProgramLanguages } from './languages.ts';
export { frenchNameOf, type FrenchName } from './french-names.ts';
