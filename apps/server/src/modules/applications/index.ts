import { docToText } from '@grantleaf/shared/application-document.schema';
import type { Language } from '@grantleaf/shared/language';
import { checkBudget } from '@grantleaf/shared/budget-checks';
import type { BudgetFacts } from '../../ai/read/form.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { exportApplication } from './application-export.ts';
import { programTemplate } from './application-template.ts';
import { exportLayout } from './export-layout.ts';
import { findVersion, pinVersion } from './application-versions.repository.ts';
import {
  findOwnApplication,
  findOwnApplicationOfDraft,
  listApplications,
  listHistory,
} from './applications.repository.ts';
import { budgetFactsOf, budgetOfApplication } from './budget.service.ts';

/**
 * For a draft written for one of the user's applications (ADR 0453): its saved budget's totals as
 * the program's cost rules compute them, or null without a saved budget; 404 unless the user owns it
 * (generation spends the owner's credits).
 */
export async function ownApplicationBudgetFacts(
  db: Tx,
  userId: string,
  applicationId: string,
): Promise<{ programId: string | null; program: string; budget: BudgetFacts | null }> {
  const row = await findOwnApplication(db, userId, applicationId);
  if (!row) throw notFound();
  const saved = await budgetOfApplication(db, row);
  return {
    programId: row.programId,
    program: row.program,
    budget: saved ? budgetFactsOf(checkBudget(saved.budget, saved.rules)) : null,
  };
}

/**
 * The page a program's documents are exported on (ADR 0160): its template's font, size and
 * margins (NIH: 0.5-inch margins), the default page without a program. Other exports of an
 * application's text (the response to reviews, ADR 0750) use it so both look like the funder's.
 */
export async function programExportLayout(db: Tx, programId: string | null) {
  return exportLayout((await programTemplate(db, programId))?.entry.formatting);
}

/** For other modules that attach rows to an application: 404 unless the session's user owns it. */
export async function assertOwnApplication(db: Tx, userId: string, applicationId: string): Promise<void> {
  if (!(await findOwnApplication(db, userId, applicationId))) throw notFound();
}

/** For analyses attached to an application: its program (id and name), 404 unless the user owns it. */
export async function ownApplicationProgram(
  db: Tx,
  userId: string,
  applicationId: string,
): Promise<{ programId: string | null; program: string }> {
  const row = await findOwnApplication(db, userId, applicationId);
  if (!row) throw notFound();
  return { programId: row.programId, program: row.program };
}

/** For the guidelines module: the owner's application's sections (id, header), 404 otherwise. */
export async function ownApplicationSections(
  db: Tx,
  userId: string,
  applicationId: string,
): Promise<{ id: string; header: string }[]> {
  const row = await findOwnApplication(db, userId, applicationId);
  if (!row) throw notFound();
  return row.sections.map((s) => ({ id: s.id, header: s.header }));
}

/**
 * For the SR&ED module (issue 30 §3, ADR 0660): the user's own live applications marked approved,
 * each with the date it was last marked so (its creation date when no history row says so).
 */
export async function ownApprovedApplications(
  db: Tx,
  userId: string,
): Promise<{ id: string; title: string; program: string; amount: string; approvedAt: string }[]> {
  const approved = (await listApplications(db, userId)).filter((a) => a.status === 'approved');
  const history = await listHistory(
    db,
    approved.map((a) => a.id),
  );
  return approved.map((a) => {
    const last = history.filter((h) => h.applicationId === a.id && h.status === 'approved').at(-1);
    return {
      id: a.id,
      title: a.title,
      program: a.program,
      amount: a.amount,
      approvedAt: (last?.changedAt ?? a.createdAt).toISOString().slice(0, 10),
    };
  });
}

/** For the credits module: the application each AI edit was made in, to link its ledger row. */
export { ownSuggestionApplications } from './section-suggestions.repository.ts';

/** For the alerts module: an open application's own reminders cover its program (ADR 0180). */
export { hasRemindedApplication } from './applications.repository.ts';

/** For the account module: a deleted account's calendar feed stops at once. */
export { deleteCalendarTokensOf } from './applications.repository.ts';

/**
 * For the submissions module (issue 28 §1): the dashboard's DOCX and PDF of a generated draft are
 * the application it became, once edited in the editor (version 2 or later). Null while it is
 * still version 1, the draft as generated, or when it is deleted: the draft's own export serves it.
 */
export async function exportEditedDraft(
  db: Tx,
  userId: string,
  submissionId: string,
  format: 'docx' | 'pdf',
  language: Language = 'en',
): Promise<{ data: Buffer; fileName: string; version: number } | null> {
  const row = await findOwnApplicationOfDraft(db, userId, submissionId);
  if (!row || row.version <= 1) return null;
  return exportApplication(db, row, format, 'all', language);
}

/** For every module's export (ADR 0915): the one layer of an export's own words, per language. */

/** For the account module: a deleted account's address opens no shared application any more. */
export { deleteSharesTo } from './application-shares.repository.ts';
/**
 * For the reviews module (issue 27): the owner's application as plain text per section, with its
 * version and program; 404 unless the session's user owns it.
 */
export async function ownApplicationText(db: Tx, userId: string, applicationId: string) {
  const row = await findOwnApplication(db, userId, applicationId);
  if (!row) throw notFound();
  return {
    version: row.version,
    programId: row.programId,
    sections: row.sections.map((s) => ({ id: s.id, header: s.header, text: docToText(s.doc) })),
  };
}

/** For the reviews module: the owner's sections as they were at a kept version; undefined when pruned. */
export async function ownApplicationTextAt(db: Tx, userId: string, applicationId: string, version: number) {
  if (!(await findOwnApplication(db, userId, applicationId))) throw notFound();
  const found = await findVersion(db, applicationId, version);
  return found?.sections.map((s) => ({ id: s.id, header: s.header, text: docToText(s.doc) }));
}

/** For the reviews module: the reviewed version is kept whole, never folded into by an autosave. */
export async function pinOwnVersion(db: Tx, userId: string, applicationId: string, version: number) {
  if (!(await findOwnApplication(db, userId, applicationId))) throw notFound();
  await pinVersion(db, applicationId, version);
}

/**
 * For the organisations module's office list (ADR 0442): the live checks' summary of applications
 * the office may already see (the caller decides access; this only reads).
 */
export { readinessOf } from './application-document.service.ts';
