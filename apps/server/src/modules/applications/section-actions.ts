/**
 * AI actions on one section (issue 16 §5, ADR 0140): paid work on the kernel (ADR 0050) whose
 * result is a suggestion stored beside the section, never a write. Accepting it saves a new version
 * through the one save path.
 */
import { priceTenths } from '@grantleaf/shared/paid-work-catalogue';
import {
  numbersNotIn,
  sectionActionsFor,
  type SectionAction,
  type SectionActionRequest,
  type Suggestion,
  type SuggestionList,
} from '@grantleaf/shared/section-actions.schema';
import { limitText } from '../../ai/profile/data.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, notFound } from '../../errors.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { listOwnBlocks } from '../content-library/index.ts';
import { paidWorkProvider } from '../paid-work/index.ts';
import type { ApplicationDocuments } from './application-document.service.ts';
import type { SectionSuggestionRow } from './applications.schema.ts';
import { draftContext, sectionActionWork } from './section-action.work.ts';
import * as repo from './section-suggestions.repository.ts';

function present(row: SectionSuggestionRow, applicationText: string): Suggestion {
  return {
    id: row.id,
    sectionId: row.sectionId,
    action: row.action,
    status: row.status,
    baseVersion: row.baseVersion,
    before: row.beforeText,
    text: row.suggestion,
    newNumbers: row.suggestion ? numbersNotIn(row.suggestion, applicationText) : [],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why an action is not offered for this section (the buttons follow the same sectionActionsFor). */
function refusal(action: SectionAction, section: { header: string; text: string }): string {
  if (action === 'draft')
    return `${section.header} already has text; use the other actions to revise it, or clear it to draft it anew.`;
  if (section.text.trim() === '') return `${section.header} is empty.`;
  if (action === 'shorten') return `${section.header} has no length limit to shorten to.`;
  return 'The checks find no missing element to improve this section against.';
}

export type SectionActions = ReturnType<typeof createSectionActions>;

export function createSectionActions(deps: {
  db: Db;
  queue: JobQueue;
  env: Env;
  documents: ApplicationDocuments;
}) {
  const { db, documents } = deps;
  const available = () => paidWorkProvider(deps.env) !== null;
  const owned = async (user: { id: string }, applicationId: string, id: string) => {
    const row = await repo.findOwnSuggestion(db, user.id, applicationId, id);
    if (!row) throw notFound('Suggestion not found');
    return row;
  };

  return {
    async start(
      user: { id: string },
      applicationId: string,
      sectionId: string,
      input: SectionActionRequest,
      idempotency?: IdempotencyClaim,
    ): Promise<Suggestion> {
      // The owner check first: someone else's application is 404 whatever the configuration.
      const section = await documents.sectionForAction(user, applicationId, sectionId, input.baseVersion);
      if (!available()) throw new AppError(409, 'AI actions need a configured model; none is configured.');
      const offered = sectionActionsFor({
        text: section.text,
        hasLimit: section.limit !== null,
        hasMissing: section.missing.length > 0,
      });
      if (!offered.includes(input.action)) throw new AppError(409, refusal(input.action, section));
      const limit = section.limit
        ? `${limitText(section.limit)}${section.limit.unit === 'pages' ? ` (about ${section.wordsPerPage} words a page)` : ''}`
        : null;
      const context =
        input.action === 'draft'
          ? draftContext({ ...section, blocks: await listOwnBlocks(db, user.id) })
          : null;
      const applicationText = await documents.fullText(user, applicationId);
      return sectionActionWork.start(deps, {
        userId: user.id,
        cost: priceTenths('section_action'),
        idempotency,
        insert: (tx) =>
          repo.insertSuggestion(tx, {
            applicationId,
            userId: user.id,
            sectionId,
            action: input.action,
            baseVersion: input.baseVersion,
            beforeText: section.markdown,
            // Improving adds what is missing: the limit is the user's to keep (the counter shows it).
            limitText: input.action === 'improve' ? null : limit,
            missing: input.action === 'improve' || input.action === 'draft' ? section.missing : [],
            context,
          }),
        present: (row) => present(row, applicationText),
      });
    },

    async list(user: { id: string }, applicationId: string): Promise<SuggestionList> {
      const applicationText = await documents.fullText(user, applicationId);
      const rows = await repo.listOpenSuggestions(db, user.id, applicationId);
      return { available: available(), data: rows.map((r) => present(r, applicationText)) };
    },

    async accept(user: { id: string }, applicationId: string, id: string) {
      const row = await owned(user, applicationId, id);
      if (row.status !== 'complete' || row.suggestion === null || row.resolvedAt)
        throw new AppError(409, 'This suggestion is not ready to accept.');
      const saved = await documents.acceptSectionText(
        user,
        applicationId,
        row.sectionId,
        row.baseVersion,
        row.suggestion,
      );
      await repo.resolveSuggestion(db, row.id);
      return saved;
    },

    /** Rejected, or copied into the editor to edit there: either way no longer shown. */
    async dismiss(user: { id: string }, applicationId: string, id: string): Promise<void> {
      const row = await owned(user, applicationId, id);
      if (row.status === 'processing') throw new AppError(409, 'This suggestion is still being written.');
      await repo.resolveSuggestion(db, row.id);
    },
  };
}
