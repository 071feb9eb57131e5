import { fileIdFromUrl, SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import {
  CHECKLIST_MAX_ITEMS,
  GUIDELINES_MESSAGES,
  GUIDELINES_MODEL_BUILDS_PER_DAY,
  type Checklist,
  type ChecklistItem,
  type CreateChecklistItemInput,
  type ExtractionResult,
  type UpdateChecklistItemInput,
} from '@grantleaf/shared/guidelines.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, notFound, unprocessable } from '../../errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { assertOwnApplication, ownApplicationSections } from '../applications/index.ts';
import { paidWorkProvider } from '../paid-work/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import * as repo from './guidelines.repository.ts';
import type { GuidelineItemRow } from './guidelines.schema.ts';
import { extractWithModel, MODEL_TEXT_MAX, type ModelStatement } from './model-extractor.ts';
import { extractRequirements, type RequirementStatement } from './requirement-extractor.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** Who builds a checklist: the model path needs a verified address. */
type Owner = { id: string; emailVerified: boolean };
/**
 * One model attempt while the user waits on the request (the configured AI_TIMEOUT_MS is sized
 * for jobs); the provider's retries of a transient failure come on top, then the rules answer.
 */
const MODEL_ATTEMPT_MS = 45_000;

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

function toChecklist(rows: GuidelineItemRow[], modelAvailable: boolean): Checklist {
  return {
    items: rows.map(toItem),
    coverage: { done: rows.filter((r) => r.done).length, total: rows.length },
    modelAvailable,
  };
}

const sameText = (a: string) => a.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * An application's guidelines checklist (issue 16 §3). Rows are the owner's: the application must be
 * the session user's (404 otherwise), and every query filters on the user and the application id.
 */
export function createGuidelinesService(deps: { db: Db; env: Env; limiter: RateLimiter }) {
  const { db, env, limiter } = deps;
  const provider = () => paidWorkProvider(env);

  /**
   * The model's statements, or why the rules must build the checklist instead. Free work, so
   * bounded per user and day (ADR 0200); a build that falls back to the rules still counts, as it
   * cost a call.
   */
  async function byModel(
    user: Owner,
    applicationId: string,
    text: string,
  ): Promise<{ statements: ModelStatement[]; dropped: number } | { fallback: string }> {
    const model = provider()!;
    const sections = await ownApplicationSections(db, user.id, applicationId);
    // Free model work for throw-away accounts would be a way round the paid features (ADR 0150).
    if (!user.emailVerified) return { fallback: GUIDELINES_MESSAGES.modelUnverified };
    if (text.length > MODEL_TEXT_MAX) return { fallback: GUIDELINES_MESSAGES.modelTooLong };
    const quota = await limiter.consume(`guidelines-model:${user.id}`, {
      points: GUIDELINES_MODEL_BUILDS_PER_DAY,
      windowSeconds: DAY_SECONDS,
    });
    if (!quota.allowed) return { fallback: GUIDELINES_MESSAGES.modelLimit };
    try {
      const result = await extractWithModel(
        model,
        text,
        sections,
        Math.min(env.AI_TIMEOUT_MS, MODEL_ATTEMPT_MS),
      );
      // A model that found nothing the document bears out is no better than the rules.
      if (result.statements.length === 0) return { fallback: GUIDELINES_MESSAGES.modelFailed };
      return result;
    } catch {
      return { fallback: GUIDELINES_MESSAGES.modelFailed };
    }
  }

  return {
    async get(userId: string, applicationId: string): Promise<Checklist> {
      await assertOwnApplication(db, userId, applicationId);
      return toChecklist(await repo.listItems(db, userId, applicationId), provider() !== null);
    },

    /**
     * Splits the text the upload extracted (POST /api/upload: its checks, its child-process parser)
     * into requirement statements and appends those not already on the checklist. Nothing is
     * parsed here. With a model the model extracts and maps (kept only where the document bears it
     * out); without one, or when it fails, the rules do, and the answer says which and why.
     */
    async extract(user: Owner, applicationId: string, fileUrl: string): Promise<ExtractionResult> {
      const userId = user.id;
      await assertOwnApplication(db, userId, applicationId);
      const upload = await findOwnUpload(db, userId, fileIdFromUrl(fileUrl));
      if (!upload) throw badRequest(SUBMISSION_MESSAGES.fileUrl);
      const text = upload.extractedText ?? '';
      if (!text.trim()) throw unprocessable(GUIDELINES_MESSAGES.noText);
      const modelled = provider() ? await byModel(user, applicationId, text) : null;
      const byRules = !modelled || 'fallback' in modelled;
      const method = byRules ? 'rules' : 'model';
      const found: (RequirementStatement & { section?: string | null })[] = byRules
        ? extractRequirements(text)
        : modelled.statements;
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
            section: s.section ?? null,
            origin: method,
            sourceName: upload.originalName,
            position: ++position,
          })),
        );
        return { all: await repo.listItems(tx, userId, applicationId), added: fresh.length };
      });
      return {
        ...toChecklist(rows.all, provider() !== null),
        found: found.length,
        added: rows.added,
        method,
        dropped: modelled && 'dropped' in modelled ? modelled.dropped : 0,
        fallback: modelled && 'fallback' in modelled ? modelled.fallback : null,
      };
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
