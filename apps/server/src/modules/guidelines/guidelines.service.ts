import { fileIdFromUrl, SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import {
  CHECKLIST_MAX_ITEMS,
  GUIDELINES_MESSAGES,
  type Checklist,
  type ChecklistItem,
  type CreateChecklistItemInput,
  type ExtractionResult,
  type UpdateChecklistItemInput,
} from '@grantleaf/shared/guidelines.schema';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, unprocessable } from '../../errors.ts';
import { assertOwnApplication } from '../applications/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import * as repo from './guidelines.repository.ts';
import type { GuidelineItemRow } from './guidelines.schema.ts';
import { extractRequirements } from './requirement-extractor.ts';

function toItem(row: GuidelineItemRow): ChecklistItem {
  return {
    id: row.id,
    text: row.text,
    page: row.page,
    kind: row.kind,
    section: row.section,
    done: row.done,
    origin: row.origin,
    sourceName: row.sourceName,
  };
}

function toChecklist(rows: GuidelineItemRow[]): Checklist {
  return {
    items: rows.map(toItem),
    coverage: { done: rows.filter((r) => r.done).length, total: rows.length },
  };
}

const sameText = (a: string) => a.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * An application's guidelines checklist (issue 16 §3). Rows are the owner's: the application must be
 * the session user's (404 otherwise), and every query filters on the user and the application id.
 */
export function createGuidelinesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async get(userId: string, applicationId: string): Promise<Checklist> {
      await assertOwnApplication(db, userId, applicationId);
      return toChecklist(await repo.listItems(db, userId, applicationId));
    },

    /**
     * Splits the text the upload extracted (POST /api/upload: its checks, its child-process parser)
     * into requirement statements and appends those not already on the checklist. Nothing is
     * parsed here.
     */
    async extract(userId: string, applicationId: string, fileUrl: string): Promise<ExtractionResult> {
      await assertOwnApplication(db, userId, applicationId);
      const upload = await findOwnUpload(db, userId, fileIdFromUrl(fileUrl));
      if (!upload) throw badRequest(SUBMISSION_MESSAGES.fileUrl);
      const text = upload.extractedText ?? '';
      if (!text.trim()) throw unprocessable(GUIDELINES_MESSAGES.noText);
      const found = extractRequirements(text);
      if (found.length === 0) throw unprocessable(GUIDELINES_MESSAGES.noRequirements);
      const rows = await db.transaction(async (tx) => {
        await repo.lockChecklist(tx, userId);
        const existing = await repo.listItems(tx, userId, applicationId);
        const known = new Set(existing.map((r) => sameText(r.text)));
        const fresh = found.filter((s) => !known.has(sameText(s.text)));
        if (existing.length + fresh.length > CHECKLIST_MAX_ITEMS)
          throw badRequest(GUIDELINES_MESSAGES.tooMany);
        let position = existing.reduce((max, r) => Math.max(max, r.position), 0);
        await repo.insertItems(
          tx,
          fresh.map((s) => ({
            userId,
            applicationId,
            text: s.text,
            page: s.page,
            kind: s.kind,
            origin: 'rules' as const,
            sourceName: upload.originalName,
            position: ++position,
          })),
        );
        return { all: await repo.listItems(tx, userId, applicationId), added: fresh.length };
      });
      return { ...toChecklist(rows.all), found: found.length, added: rows.added, method: 'rules' };
    },

    async add(
      userId: string,
      applicationId: string,
      input: CreateChecklistItemInput,
    ): Promise<ChecklistItem> {
      await assertOwnApplication(db, userId, applicationId);
      const row = await db.transaction(async (tx) => {
        await repo.lockChecklist(tx, userId);
        const existing = await repo.listItems(tx, userId, applicationId);
        if (existing.length >= CHECKLIST_MAX_ITEMS) throw badRequest(GUIDELINES_MESSAGES.tooMany);
        return repo.insertItem(tx, {
          userId,
          applicationId,
          text: input.text,
          section: input.section ?? null,
          kind: 'other',
          origin: 'user',
          position: existing.reduce((max, r) => Math.max(max, r.position), 0) + 1,
        });
      });
      return toItem(row);
    },

    async update(
      userId: string,
      applicationId: string,
      id: string,
      input: UpdateChecklistItemInput,
    ): Promise<ChecklistItem> {
      const row = await repo.updateItem(db, userId, applicationId, id, {
        ...(input.text !== undefined && { text: input.text }),
        ...(input.section !== undefined && { section: input.section }),
        ...(input.done !== undefined && { done: input.done }),
      });
      if (!row) throw notFound();
      return toItem(row);
    },

    async remove(userId: string, applicationId: string, id: string): Promise<void> {
      if (!(await repo.deleteItem(db, userId, applicationId, id))) throw notFound();
    },
  };
}
export type GuidelinesService = ReturnType<typeof createGuidelinesService>;
