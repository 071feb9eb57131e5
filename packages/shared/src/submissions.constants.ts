import { PROJECT_TITLE_MAX_CHARS, PROJECT_TITLE_MAX_WORDS } from './constants.ts';

/** Spec §5/§8 texts, shown by the dialogs and returned by the server. */
export const SUBMISSION_MESSAGES = {
  required: 'Please fill in all required fields',
  milestone:
    'Please complete all milestone fields (title, description, dates, budget) or remove incomplete milestones',
  titleWords: `Project title must be ${PROJECT_TITLE_MAX_WORDS} words or less`,
  titleChars: `Project title must be ${PROJECT_TITLE_MAX_CHARS} characters or less`,
  program: 'Please select a grant program',
  programRetired: 'This program is no longer offered. Please select another grant program',
  programMismatch: 'contentJson.programId must match programId',
  /** An analysis attached to an application is of that application's program (issue 28 item 10). */
  applicationProgram: (program: string) =>
    `This application is for ${program}. Analyse it against that program, or choose None under “Attach to application”.`,
  /**
   * A draft asked for in French (issue 31 §2, ADR 1088, 1140), refused before anything is charged:
   * the program takes English only (its funder's page says so), or no page read says it takes
   * French. A program that takes French gets its draft in French.
   */
  draftEnglishOnly: 'This program accepts applications in English only. Choose English for this draft.',
  draftFrenchUnconfirmed:
    'No page of this funder we have read says it accepts applications in French. Choose English for this draft.',
  content: 'Please provide grant content to analyze',
  file: 'Please upload a file to analyze',
  fileSize: 'Please select a file smaller than 10MB',
  fileType: 'Please upload a PDF, Word document, or text file',
  fileUrl: 'The file must be one of your own uploads',
  adminPdfTitle: 'Invalid file type',
  adminPdf: 'Please select a PDF file.',
} as const;

/**
 * GET /api/submissions stays the spec's array (§7), newest first, one page of it: `?page=&pageSize=`
 * like the catalogue, the total in `x-total-count` (ADR 0105). Without them: the newest page.
 */
export const SUBMISSIONS_PAGE_SIZE = 100;

/**
 * GET /api/admin/submissions, the admin PDF panel, pages the same way (`?page=`, newest first):
 * each listed submission writes an audit row, so a page is what an admin reads at a glance, and
 * "Load older submissions" asks for the next one.
 */
export const ADMIN_SUBMISSIONS_PAGE_SIZE = 50;

/** Admin PDF rule (§5): PDF only. */
export const isPdfFileName = (name: string) => name.toLowerCase().endsWith('.pdf');
