import type { Language } from '@grantleaf/shared/language';
import { filingDeadline } from '@grantleaf/shared/sred/calculator';
import type { TimeEntry } from '@grantleaf/shared/sred/classify';
import {
  SRED_LIMITS,
  type ClaimSettings,
  type ClaimSummary,
  type ClaimGrantInput,
  type ClaimView,
  type ImportFile,
  type ImportMapping,
  type ProjectInput,
} from '@grantleaf/shared/sred/sred.schema';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { ownApprovedApplications } from '../applications/index.ts';
import { streamAuditPackage } from './audit-package.ts';
import { checkedProject, claimView, evidenceFiles, MESSAGES, mutateClaim, recompute } from './sred-claim.ts';
import { importRows, previewImport } from './sred-import.ts';
import * as repo from './sred.repository.ts';
import type { StoredGrant } from './sred.schema.ts';

/**
 * The claim's filing deadline when the record has none (a claim the calculator refused), by the
 * same dated rule the calculator applies.
 */
export function deadlineOf(settings: ClaimSettings): { date: string; verified: boolean } {
  return filingDeadline(settings.taxYearStart, settings.taxYearEnd);
}

/** SR&ED claims (issue 30 §1–§3; ADR 0341). */
export function createSredService(deps: { db: Db; storage: FileStorage }) {
  const { db } = deps;

  return {
    async list(userId: string): Promise<ClaimSummary[]> {
      const rows = await repo.listClaims(db, userId);
      return rows.map((r) => ({
        id: r.id,
        name: r.settings.name,
        taxYearStart: r.taxYearStart,
        taxYearEnd: r.taxYearEnd,
        filingDeadline: r.result?.filingDeadline ?? deadlineOf(r.settings).date,
        totalCredit: r.result?.totals.total ?? 0,
        verified: r.result?.verified ?? false,
      }));
    },

    async create(userId: string, settings: ClaimSettings): Promise<ClaimView> {
      return db.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        if ((await repo.countClaims(tx, userId)) >= SRED_LIMITS.claims) throw conflict(MESSAGES.claimsFull);
        const claim = await repo.insertClaim(tx, {
          userId,
          taxYearStart: settings.taxYearStart,
          taxYearEnd: settings.taxYearEnd,
          settings,
          timeEntries: [],
        });
        await recompute(tx, claim);
        return claimView(tx, userId, claim.id);
      });
    },

    get: (userId: string, id: string) => claimView(db, userId, id),

    updateSettings: (userId: string, id: string, settings: ClaimSettings) =>
      mutateClaim(db, userId, id, (tx) =>
        repo.updateClaim(tx, userId, id, {
          settings,
          taxYearStart: settings.taxYearStart,
          taxYearEnd: settings.taxYearEnd,
        }),
      ),

    async remove(userId: string, id: string): Promise<void> {
      if (!(await db.transaction((tx) => repo.deleteClaim(tx, userId, id)))) throw notFound();
    },

    addProject: (userId: string, id: string, input: ProjectInput) =>
      mutateClaim(db, userId, id, async (tx) => {
        if ((await repo.listProjects(tx, userId, id)).length >= SRED_LIMITS.projects)
          throw conflict(MESSAGES.projectsFull);
        await repo.insertProject(tx, { userId, claimId: id, data: await checkedProject(tx, userId, input) });
      }),

    updateProject: (userId: string, id: string, projectId: string, input: ProjectInput) =>
      mutateClaim(db, userId, id, async (tx) => {
        const data = await checkedProject(tx, userId, input);
        if (!(await repo.updateProject(tx, userId, id, projectId, data))) throw notFound();
      }),

    setTime: (userId: string, id: string, entries: TimeEntry[]) =>
      mutateClaim(db, userId, id, async (tx) => {
        const projects = new Set((await repo.listProjects(tx, userId, id)).map((p) => p.id));
        if (entries.some((e) => e.projectId !== null && !projects.has(e.projectId)))
          throw badRequest(MESSAGES.unknownProject);
        await repo.updateClaim(tx, userId, id, { timeEntries: entries });
      }),

    /**
     * Replaces the grants the claim counts (ADR 0660). Each must be the user's own application
     * marked approved; its title, program and approval date are copied from the tracker.
     */
    setGrants: (userId: string, id: string, input: ClaimGrantInput[]) =>
      mutateClaim(db, userId, id, async (tx, claim) => {
        const approved = new Map((await ownApprovedApplications(tx, userId)).map((a) => [a.id, a]));
        // A grant already counted keeps its copy when the tracker no longer marks it approved, so
        // editing another grant never fails on it; the page says it is no longer approved.
        const kept = new Map(claim.grants.map((g) => [g.applicationId, g]));
        const projects = new Set((await repo.listProjects(tx, userId, id)).map((p) => p.id));
        const grants: StoredGrant[] = input.map((g) => {
          const app = approved.get(g.applicationId) ?? kept.get(g.applicationId);
          if (!app) throw badRequest(MESSAGES.unknownGrant);
          if (g.projectId !== null && !projects.has(g.projectId)) throw badRequest(MESSAGES.grantProject);
          return { ...g, title: app.title, program: app.program, approvedAt: app.approvedAt };
        });
        await repo.updateClaim(tx, userId, id, { grants });
      }),

    previewImport: (userId: string, id: string, file: ImportFile) => previewImport(db, userId, id, file),

    importRows: (
      userId: string,
      id: string,
      source: 'ledger' | 'payroll',
      file: ImportFile,
      mapping: ImportMapping,
    ) => importRows(db, userId, id, source, file, mapping),

    /**
     * The audit-defence package (ADR 0470, 0662): the owner's claim only (another user's reads as
     * 404, before anything is sent); sealed columns are decrypted for the length of the request and
     * evidence files one at a time, as the ZIP streams.
     */
    async auditPackage(
      userId: string,
      id: string,
      language: Language = 'en',
    ): Promise<{ fileName: string; stream: Readable }> {
      const claim = await claimView(db, userId, id);
      const { files, keys } = await evidenceFiles(db, userId, claim);
      return streamAuditPackage(
        claim,
        files,
        async (ref) => {
          const key = keys.get(ref);
          return key === undefined ? undefined : deps.storage.get(key);
        },
        new Date().toISOString().slice(0, 10),
        language,
      );
    },

    /** The user's category wins; the rule's stays visible and every change is kept with its reason. */
    override: (
      userId: string,
      id: string,
      lineId: string,
      category: ClaimView['lines'][number]['category'],
      reason: string,
    ) =>
      mutateClaim(db, userId, id, async (tx) => {
        const line = await repo.findLine(tx, userId, id, lineId);
        if (!line) throw notFound();
        if (line.category === category) return;
        await repo.setLineCategory(tx, lineId, category, [
          ...line.overrides,
          { at: new Date().toISOString(), from: line.category, to: category, reason },
        ]);
      }),
  };
}
export type SredService = ReturnType<typeof createSredService>;
