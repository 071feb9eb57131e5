/** What the applications module reads of drafts and reuses of the export (ADR 53: through this door only). */
export {
  findOwnSubmission,
  /** The account module, when a user deletes a file (ADR 53). */
  deleteWorkFromFile,
  listAnalysesOfApplication,
  listCompletedGenerationIds,
  /** The credits module names each spend by its work (issue 28 §5). */
  ownSubmissionTypes,
} from './submissions.repository.ts';
export {
  renderDocx,
  renderPdf,
  safeBaseName,
  type ExportBlock,
  type ExportLayout,
  type ExportRun,
} from './submission-export.ts';
/** The exports' own words in the reader's language (ADR 0861, 0915), for every module that exports. */
export { exportLabels, type ExportLabels } from './export-labels.ts';
