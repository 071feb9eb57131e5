/** The only door to grant_programs for other modules (ADR 53). */
export {
  findNotOpenCuratedPrograms,
  findOpenPrograms,
  findOpenProgramsMatching,
  findProgramById,
  listUpcomingDeadlines,
} from './programs.repository.ts';
/** The curated catalogue as the funding finder ranks it, read again only when it changed (ADR 1075). */
export { findCuratedCandidates } from './candidates.ts';
/** Catalogue searches as users make them (saved searches run through it). */
export { createProgramsService, type ProgramsService } from './programs.service.ts';
