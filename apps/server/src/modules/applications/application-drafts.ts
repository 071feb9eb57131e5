import { emptyDoc, textToDoc } from '@grantleaf/shared/application-document.schema';
import { generatedApplicationSchema } from '@grantleaf/shared/grant-results.schema';
import { formatMoney } from '../../ai/text/money.ts';
import type { Db } from '../../db/client.ts';
import { findOwnSubmission, listCompletedGenerationIds } from '../submissions/index.ts';
import * as versions from './application-versions.repository.ts';
import type { StoredSection } from './applications.schema.ts';
import { programTemplate } from './application-template.ts';

/**
 * Every finished draft of this user becomes an application once (issue 16 §1: "generating a draft
 * creates one"), when the user's applications are next read: the tracker, the dashboard cards and
 * the calendar feed then count it, drafts made before this existed included. The first version
 * holds the draft's sections; its questions stay in the text as placeholders to complete.
 */
export async function adoptDrafts(db: Db, userId: string): Promise<void> {
  const [done, adopted] = await Promise.all([
    listCompletedGenerationIds(db, userId),
    versions.adoptedSubmissionIds(db, userId),
  ]);
  for (const submissionId of done.filter((id) => !adopted.has(id))) {
    const submission = await findOwnSubmission(db, userId, submissionId);
    const draft = generatedApplicationSchema.safeParse(submission?.results);
    if (!submission || !draft.success) continue;
    const template = await programTemplate(db, submission.programId);
    const specs = template?.entry.sections ?? [];
    const sections: StoredSection[] = draft.data.sections.map((section, i) => {
      const spec = specs.find((s) => s.header === section.heading);
      const asks = (section.questions ?? [])
        .filter((q) => !section.body.includes(q))
        .map((q) => `[To complete: ${q}]`);
      return {
        id: spec?.id ?? `draft-${i + 1}`,
        header: section.heading,
        doc: textToDoc([section.body, ...asks].join('\n\n'), section.table),
      };
    });
    // Template sections the draft did not write are there to be written.
    for (const spec of specs)
      if (!sections.some((s) => s.id === spec.id))
        sections.push({ id: spec.id, header: spec.header, doc: emptyDoc() });
    const budget = draft.data.budgetCheck;
    await db.transaction(async (tx) => {
      const row = await versions.insertDraftApplication(tx, {
        userId,
        submissionId,
        title: draft.data.title.slice(0, 200) || 'Untitled application',
        program: draft.data.programName.slice(0, 200),
        programId: submission.programId,
        amount:
          budget.statedTotal === null ? '' : formatMoney(budget.statedTotal, budget.currency).slice(0, 50),
        deadline: template?.program.deadline ?? null,
        sections,
      });
      if (row)
        await versions.writeVersion(tx, {
          applicationId: row.id,
          version: 1,
          authorId: userId,
          changed: sections.map((s) => s.id),
          sections,
        });
    });
  }
}
