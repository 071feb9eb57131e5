import {
  CRITIQUES_PER_IMPORT_MAX,
  REVIEW_IMPORTS_MAX,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  type CritiqueDiff,
  type CritiqueRow,
  type ImportReviewsInput,
  type ReviewPlan,
  type UpdatePlanRowInput,
} from '@grantleaf/shared/reviews.schema';
import { parseReviews } from '../../ai/reviews/critiques.ts';
import { type PlanSection, suggestSections, wordDiff } from '../../ai/reviews/plan.ts';
import { showsChange } from '../../ai/reviews/response.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../errors.ts';
import { ownApplicationText, ownApplicationTextAt, pinOwnVersion } from '../applications/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import { createReviewResponses } from './review-responses.ts';
import * as repo from './reviews.repository.ts';
import type { ReviewCritiqueRow, ReviewImportRow } from './reviews.schema.ts';

/** A strength's section that lost this many more words than it gained is pointed out. */
const STRENGTH_LOSS_WORDS = 20;

type Change = { added: number; removed: number } | null;

/**
 * Reviewers' comments and the response plan (issue 27; ADR 0330): route → this service →
 * reviews.repository. Every query is scoped by the session's user and an application they own.
 */
export function createReviewsService(deps: { db: Db }) {
  const { db } = deps;

  /** Section texts at each reviewed version (undefined: pruned), and now. */
  async function versions(tx: Tx, userId: string, applicationId: string, imports: ReviewImportRow[]) {
    const now = await ownApplicationText(tx, userId, applicationId);
    const before = new Map<number, PlanSection[] | undefined>();
    for (const v of new Set(imports.map((i) => i.reviewedVersion))) {
      // Version 0 is the application before anything was saved: every section empty.
      before.set(v, v === 0 ? [] : await ownApplicationTextAt(tx, userId, applicationId, v));
    }
    return { now, before };
  }

  function changeOf(sections: string[], before: PlanSection[] | undefined, now: PlanSection[]): Change {
    if (!before) return null;
    let added = 0;
    let removed = 0;
    for (const id of sections) {
      const d = wordDiff(
        before.find((s) => s.id === id)?.text ?? '',
        now.find((s) => s.id === id)?.text ?? '',
      );
      added += d.added;
      removed += d.removed;
    }
    return { added, removed };
  }

  function problemsOf(row: ReviewCritiqueRow, changed: Change, reviewedVersion: number): string[] {
    if (row.kind === 'strength') {
      if (changed && changed.removed - changed.added >= STRENGTH_LOSS_WORDS)
        return [
          `Its section lost ${changed.removed - changed.added} words since version ${reviewedVersion}: check the revision keeps what the reviewer liked.`,
        ];
      return [];
    }
    if (row.status === 'declined') return [];
    if (row.status === 'planned')
      return [row.plannedChange.trim() ? 'Planned, not done yet.' : 'No response planned yet.'];
    const problems: string[] = [];
    if (!row.plannedChange.trim()) problems.push('Describe the change in your own words.');
    if (row.sections.length === 0)
      problems.push('Choose the section it concerns, so the change can be checked.');
    else if (changed === null)
      problems.push(
        `Version ${reviewedVersion} (the one reviewed) is no longer kept: the change cannot be checked.`,
      );
    else if (!showsChange({ changed, sectionHeaders: row.sections }))
      problems.push(`Marked done, but its sections show no change since version ${reviewedVersion}.`);
    return problems;
  }

  async function plan(userId: string, applicationId: string, tx: Tx = db): Promise<ReviewPlan> {
    const imports = await repo.listImports(tx, userId, applicationId);
    const { now, before } = await versions(tx, userId, applicationId, imports);
    const rows = await repo.listCritiques(tx, userId, applicationId);
    const order = new Map(imports.map((i, n) => [i.id, n]));
    rows.sort(
      (a, b) => (order.get(a.importId) ?? 0) - (order.get(b.importId) ?? 0) || a.position - b.position,
    );
    const critiques: CritiqueRow[] = rows.map((r) => {
      const reviewed = imports.find((i) => i.id === r.importId)!.reviewedVersion;
      const changed = changeOf(r.sections, before.get(reviewed), now.sections);
      return {
        id: r.id,
        importId: r.importId,
        source: r.source,
        criterion: r.criterion,
        kind: r.kind,
        quote: r.quote,
        sections: r.sections,
        plannedChange: r.plannedChange,
        status: r.status,
        declineReason: r.declineReason,
        changed,
        problems: problemsOf(r, changed, reviewed),
        updatedAt: new Date(r.updatedAt).toISOString(),
      };
    });
    const weak = critiques.filter((c) => c.kind === 'weakness');
    return {
      applicationId,
      currentVersion: now.version,
      sections: now.sections.map((s) => ({ id: s.id, header: s.header })),
      imports: imports.map((i) => ({
        id: i.id,
        label: i.label,
        layout: i.layout,
        fileName: i.fileName,
        reviewedVersion: i.reviewedVersion,
        facts: i.facts,
        createdAt: new Date(i.createdAt).toISOString(),
      })),
      critiques,
      summary: {
        weaknesses: weak.length,
        strengths: critiques.length - weak.length,
        unanswered: weak.filter((c) => c.status === 'planned').length,
        unverified: weak.filter((c) => c.status === 'done' && c.problems.length > 0).length,
      },
    };
  }

  const responses = createReviewResponses({ db, plan });

  return {
    plan: (userId: string, applicationId: string) => plan(userId, applicationId),

    async importReviews(
      userId: string,
      applicationId: string,
      input: ImportReviewsInput,
    ): Promise<ReviewPlan> {
      const app = await ownApplicationText(db, userId, applicationId);
      let text = input.text ?? '';
      let fileName: string | null = null;
      if (input.fileUrl) {
        // The upload route already read the file in a child process, off this thread (ADR 0238).
        const upload = await findOwnUpload(db, userId, input.fileUrl.split('/').pop()!);
        if (!upload) throw notFound();
        if (!upload.extractedText?.trim()) throw unprocessable(REVIEW_MESSAGES.fileNotRead);
        text = upload.extractedText;
        fileName = upload.originalName;
      }
      if (text.length > REVIEW_TEXT_MAX) throw new AppError(413, REVIEW_MESSAGES.tooLong);
      const reviewedVersion = input.reviewedVersion ?? app.version;
      if (reviewedVersion > app.version) throw badRequest(REVIEW_MESSAGES.versionUnknown);
      if (reviewedVersion > 0 && !(await ownApplicationTextAt(db, userId, applicationId, reviewedVersion)))
        throw badRequest(REVIEW_MESSAGES.versionUnknown);
      const parsed = parseReviews(text);
      if (parsed.critiques.length === 0) throw unprocessable(REVIEW_MESSAGES.noCritiques);
      if (parsed.critiques.length > CRITIQUES_PER_IMPORT_MAX)
        throw unprocessable(
          `This text holds ${parsed.critiques.length} critiques, more than the ${CRITIQUES_PER_IMPORT_MAX} one set keeps. Import it in parts.`,
        );
      return db.transaction(async (tx) => {
        // Serialises one user's imports, so the cap holds under parallel requests.
        await repo.lockOwner(tx, userId);
        if ((await repo.countImports(tx, userId, applicationId)) >= REVIEW_IMPORTS_MAX)
          throw conflict(REVIEW_MESSAGES.full);
        if (reviewedVersion > 0) await pinOwnVersion(tx, userId, applicationId, reviewedVersion);
        const imported = await repo.insertImport(tx, {
          userId,
          applicationId,
          label: input.label?.trim() || fileName || 'Reviewers’ comments',
          fileName,
          text,
          layout: parsed.layout,
          facts: parsed.facts,
          reviewedVersion,
        });
        await repo.insertCritiques(
          tx,
          parsed.critiques.map((c, position) => ({
            importId: imported.id,
            userId,
            applicationId,
            position,
            source: c.source,
            criterion: c.criterion,
            kind: c.kind,
            quote: c.quote,
            sections: suggestSections(c, app.sections),
            plannedChange: '',
            declineReason: '',
          })),
        );
        return plan(userId, applicationId, tx);
      });
    },

    async removeImport(userId: string, applicationId: string, importId: string): Promise<void> {
      await ownApplicationText(db, userId, applicationId);
      if (!(await repo.deleteImport(db, userId, applicationId, importId))) throw notFound();
    },

    async updateRow(
      userId: string,
      applicationId: string,
      critiqueId: string,
      input: UpdatePlanRowInput,
    ): Promise<ReviewPlan> {
      const app = await ownApplicationText(db, userId, applicationId);
      const row = await repo.findCritique(db, userId, applicationId, critiqueId);
      if (!row) throw notFound();
      if (input.sections && input.sections.some((id) => !app.sections.some((s) => s.id === id)))
        throw badRequest(REVIEW_MESSAGES.sectionUnknown);
      const status = input.status ?? row.status;
      const reason = input.declineReason ?? row.declineReason;
      if (status === 'declined' && !reason.trim()) throw badRequest(REVIEW_MESSAGES.declineReason);
      const saved = await repo.updateCritique(
        db,
        userId,
        critiqueId,
        {
          ...(input.sections ? { sections: [...new Set(input.sections)] } : {}),
          ...(input.plannedChange !== undefined ? { plannedChange: input.plannedChange } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(input.declineReason !== undefined ? { declineReason: input.declineReason } : {}),
        },
        input.ifUpdatedAt,
      );
      // The row exists (found above) and is the user's: only a newer save can have stopped it.
      if (!saved) throw conflict(REVIEW_MESSAGES.stale);
      return plan(userId, applicationId);
    },

    /** Per section of the critique: its words between the reviewed version and now. */
    async diff(userId: string, applicationId: string, critiqueId: string): Promise<CritiqueDiff> {
      const row = await repo.findCritique(db, userId, applicationId, critiqueId);
      if (!row) throw notFound();
      const imported = (await repo.listImports(db, userId, applicationId)).find(
        (i) => i.id === row.importId,
      )!;
      const { now, before } = await versions(db, userId, applicationId, [imported]);
      const old = before.get(imported.reviewedVersion);
      if (!old) throw unprocessable(REVIEW_MESSAGES.versionUnknown);
      return {
        critiqueId,
        fromVersion: imported.reviewedVersion,
        toVersion: now.version,
        sections: row.sections
          .map((id) => now.sections.find((s) => s.id === id))
          .filter((s): s is PlanSection => Boolean(s))
          .map((s) => ({
            id: s.id,
            header: s.header,
            ...wordDiff(old.find((o) => o.id === s.id)?.text ?? '', s.text),
          })),
      };
    },

    /** The funder's response section, its input for a model, its DOCX and readiness findings. */
    ...responses,
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
