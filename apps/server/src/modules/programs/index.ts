/** The only door to grant_programs for other modules (ADR 53). */
export {
  findNotOpenCuratedPrograms,
  findOpenPrograms,
  findOpenProgramsMatching,
  findProgramById,
  listUpcomingDeadlines,
} from './programs.repository.ts';
/** Catalogue searches as users make them (saved searches run through it). */
export { createProgramsService, type ProgramsService } from './programs.service.ts';
/** The program's cost rules (data/cost-rules.json, ADR 0280), for the budget builder. */
export { costRulesFor } from './cost-rules.ts';
