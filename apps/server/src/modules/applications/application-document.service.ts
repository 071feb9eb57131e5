import {
  docToText,
  type ApplicationDetail,
  type CheckRequest,
  type CheckResult,
  type SaveSectionsInput,
  type VersionDetail,
  type VersionSummary,
} from '@grantleaf/shared/application-document.schema';
import type { Language } from '@grantleaf/shared/language';
import type { Application } from '@grantleaf/shared/applications.schema';
import type { Readiness } from '@grantleaf/shared/organisations.schema';
import type { Access } from '@grantleaf/shared/sharing.schema';
import { docToMarkdown, markdownToDoc } from '@grantleaf/shared/rich-markdown';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { checkBudget, partnerFacts } from '@grantleaf/shared/budget-checks';
import { budgetOfApplication } from './budget.service.ts';
import * as versions from './application-versions.repository.ts';
import * as repo from './applications.repository.ts';
import type { ApplicationRow, StoredSection } from './applications.schema.ts';
import { returnToReview } from './application-review.repository.ts';
import { exportApplication, type ExportFormat } from './application-export.ts';
import { shapedSections } from './application-template.ts';
import { type LiveBudget, runLiveChecks } from './live-checks.ts';

/**
 * An application as a document (ADR 0110): its sections and versions, saves under the version
 * guard, live checks and AI actions' reads. Its template is application-template.ts, drafts
 * becoming applications application-drafts.ts, and its files application-export.ts.
 */

/** The signed-in user; every query is scoped by their id. */
type Owner = { id: string };

/** 507: the account's share of the server's storage, not the request, is the problem. */
const storageFull = (bytes: number) =>
  new AppError(
    507,
    `Not saved: your applications and their saved versions have reached the ${Math.round(bytes / 1024 / 1024)} MB this account may store. Delete applications you no longer need, then save again; your text stays in this page meanwhile.`,
  );

const versionConflict = (current: number) =>
  new AppError(
    409,
    'This application was saved elsewhere (another tab or device) after you opened it. Reload to see the latest version; your text is kept until you choose.',
    { currentVersion: current },
  );

/** Sections whose document differs, by id (JSON of the same editor output compares exactly). */
function changedIds(before: StoredSection[], after: StoredSection[]): string[] {
  const old = new Map(before.map((s) => [s.id, JSON.stringify(s.doc)]));
  return after.filter((s) => old.get(s.id) !== JSON.stringify(s.doc)).map((s) => s.id);
}

/** The saved budget's request and partner money, for the live checks (ADR 0281); null without one. */
async function liveBudget(db: Tx, row: ApplicationRow): Promise<LiveBudget | null> {
  const saved = await budgetOfApplication(db, row);
  if (!saved) return null;
  return {
    requested: checkBudget(saved.budget, saved.rules).totals.requested,
    partners: partnerFacts(saved.budget, saved.rules),
  };
}

/**
 * The live checks of an application's sections as saved, or as `typed` gives a section's text: one
 * call for the office's readiness, the editor's check and a section action's missing elements.
 */
async function liveChecksOf(db: Tx, row: ApplicationRow, typed = new Map<string, string>()) {
  const shaped = await shapedSections(db, row);
  const checks = runLiveChecks({
    program: shaped.template?.program ?? null,
    wordsPerPage: shaped.wordsPerPage,
    budget: await liveBudget(db, row),
    sections: shaped.sections.map((s) => ({
      id: s.id,
      header: s.header,
      limit: s.limit,
      text: typed.get(s.id) ?? docToText(s.doc),
    })),
  });
  return { ...shaped, checks };
}

/**
 * The live checks' summary of each application at its saved text (ADR 0442), for the office's
 * list: the same runLiveChecks the editor runs, so the office and the applicant see one answer.
 */
export async function readinessOf(db: Db, ids: string[]): Promise<Map<string, Readiness>> {
  const out = new Map<string, Readiness>();
  if (ids.length === 0) return out;
  const rows = await repo.listApplicationsByIds(db, ids);
  for (const row of rows) {
    const { checks: result } = await liveChecksOf(db, row);
    const elements = result.criteria.flatMap((c) => c.elements);
    out.set(row.id, {
      found: elements.filter((e) => e.status !== 'missing').length,
      expected: elements.length,
      left: result.left.length,
      ready: result.left.length === 0,
    });
  }
  return out;
}

/** An approved application a save returned to review (ADR 0650). */
export interface ReturnedToReview {
  applicationId: string;
  organisationId: string;
  actorId: string;
  version: number;
  /** The headers of the sections that changed. */
  sections: string[];
}

export function createApplicationDocuments(deps: {
  db: Db;
  /** The application as the tracker shows it (history, documents). */
  present: (row: ApplicationRow) => Promise<Application>;
  /** What one account's applications and versions may take (EDITOR_STORAGE_MB). */
  storageBytes: number;
  /**
   * A save that returned an approved application to review queues the office's mail (ADR 0650)
   * in its own transaction: sent after the commit by a job, so the save never waits for SMTP.
   */
  queueReturned?: (tx: Tx, returned: ReturnedToReview) => Promise<void>;
}) {
  const { db } = deps;

  /** The application with the caller's access, at least `need` (issue 32 §2), or 404. */
  async function open(user: Owner, id: string, need: Access, tx: Tx = db, lock = false) {
    const found = await repo.findApplicationFor(tx, user.id, id, need, lock);
    if (!found) throw notFound('Application not found');
    return found;
  }
  const own = async (user: Owner, id: string) => (await open(user, id, 'owner')).row;
  const readable = async (user: Owner, id: string) => (await open(user, id, 'viewer')).row;

  const shaped = (row: ApplicationRow) => shapedSections(db, row);

  async function save(
    user: Owner,
    id: string,
    baseVersion: number,
    next: (current: StoredSection[]) => StoredSection[],
    /** An editor autosave may fold into the newest version; a restore or an accepted suggestion never does. */
    autosave = false,
  ) {
    const row = await db.transaction(async (tx) => {
      // The row lock orders two saves; the second then sees the first's version and is refused.
      // Editors save too (issue 32 §2); the version records who wrote it.
      const { row: current } = await open(user, id, 'editor', tx, true);
      if (current.version !== baseVersion) throw versionConflict(current.version);
      const sections = next(current.sections);
      const changed = changedIds(current.sections, sections);
      if (changed.length === 0) return current;
      const adding = Buffer.byteLength(JSON.stringify(sections.filter((s) => changed.includes(s.id))));
      // The application and its versions count against its owner's storage, whoever writes.
      const used = await versions.storedBytes(tx, current.userId);
      if (used + adding > deps.storageBytes) throw storageFull(deps.storageBytes);
      const written = await versions.writeVersion(tx, {
        applicationId: id,
        version: current.version + 1,
        authorId: user.id,
        changed,
        sections,
        autosave,
      });
      // A change after the office approved sends it back to review, in the same transaction (ADR 0440),
      // naming the sections that changed (ADR 0650).
      const headers = headerOf(sections, changed);
      const organisationId = await returnToReview(tx, id, user.id, written.version, headers);
      if (organisationId && deps.queueReturned)
        await deps.queueReturned(tx, {
          applicationId: id,
          organisationId,
          actorId: user.id,
          version: written.version,
          sections: headers,
        });
      return written;
    });
    return { version: row.version, updatedAt: row.updatedAt.toISOString() };
  }

  const headerOf = (sections: StoredSection[], ids: string[]) =>
    ids.map((sid) => sections.find((s) => s.id === sid)?.header ?? sid);

  return {
    async detail(user: Owner, id: string): Promise<ApplicationDetail> {
      const { row, access } = await open(user, id, 'viewer');
      const { template, sections, wordsPerPage } = await shaped(row);
      return {
        ...(await deps.present(row)),
        sections,
        wordsPerPage,
        formatting: template?.entry.formatting ?? null,
        access,
      };
    },

    /** Saves the sections sent (the others stay); a save based on an older version gets 409. */
    saveSections(user: Owner, id: string, input: SaveSectionsInput) {
      return save(
        user,
        id,
        input.baseVersion,
        (current) => {
          const known = new Set(current.map((s) => s.id));
          const unknown = input.sections.find((s) => !known.has(s.id));
          if (unknown) throw badRequest(`This application has no section "${unknown.id}"`);
          const sent = new Map(input.sections.map((s) => [s.id, s.doc]));
          return current.map((s) => ({ ...s, doc: sent.get(s.id) ?? s.doc }));
        },
        true,
      );
    },

    async listVersions(user: Owner, id: string): Promise<VersionSummary[]> {
      const row = await readable(user, id);
      const list = await versions.listVersions(db, row.id);
      return list.map((v) => ({
        version: v.version,
        author: v.author,
        at: v.at.toISOString(),
        changed: headerOf(row.sections, v.changed),
      }));
    },

    async version(user: Owner, id: string, version: number): Promise<VersionDetail> {
      const row = await readable(user, id);
      const found = await versions.findVersion(db, row.id, version);
      if (!found) throw notFound('Version not found');
      return {
        version: found.version,
        author: found.author,
        at: found.at.toISOString(),
        changed: headerOf(found.sections, found.changed),
        sections: found.sections,
      };
    },

    /** Restoring is a save like any other: a new version whose sections are the old one's. */
    async restore(user: Owner, id: string, version: number, baseVersion: number) {
      const { row } = await open(user, id, 'editor');
      const found = await versions.findVersion(db, row.id, version);
      if (!found) throw notFound('Version not found');
      const old = new Map(found.sections.map((s) => [s.id, s.doc]));
      return save(user, id, baseVersion, (current) =>
        current.map((s) => ({ ...s, doc: old.get(s.id) ?? s.doc })),
      );
    },

    /**
     * A section as an AI action reads it (ADR 0140): its text, the funder's limit and guidance, the
     * live checks' missing elements and the other sections, at the version the user sees; a newer
     * saved version gets 409.
     */
    async sectionForAction(user: Owner, id: string, sectionId: string, baseVersion: number) {
      const row = await own(user, id);
      if (row.version !== baseVersion) throw versionConflict(row.version);
      const { sections, wordsPerPage, checks } = await liveChecksOf(db, row);
      const section = sections.find((s) => s.id === sectionId);
      if (!section) throw notFound(`This application has no section "${sectionId}"`);
      const missing = checks.criteria.flatMap((c) =>
        c.elements
          .filter((e) => e.status === 'missing' && (e.sectionId === null || e.sectionId === sectionId))
          .map((e) => `${e.label}: ${e.expects}`),
      );
      return {
        header: section.header,
        guidance: section.guidance,
        text: docToText(section.doc),
        /** What the model reads and rewrites, so its answer can keep lists, headings and tables. */
        markdown: docToMarkdown(section.doc),
        limit: section.limit,
        wordsPerPage,
        missing,
        others: sections
          .filter((s) => s.id !== sectionId)
          .map((s) => ({ header: s.header, markdown: docToMarkdown(s.doc) }))
          .filter((s) => s.markdown.trim() !== ''),
      };
    },

    /** Every section's text in one string, for the numbers an AI suggestion adds. */
    async fullText(user: Owner, id: string): Promise<string> {
      const row = await own(user, id);
      return row.sections.map((s) => `${s.header}\n${docToText(s.doc)}`).join('\n\n');
    },

    /**
     * Writes a suggestion's text over one section as a new version, through the one save path;
     * 409 when the section changed since the version the suggestion was based on.
     */
    async acceptSectionText(user: Owner, id: string, sectionId: string, basedOn: number, text: string) {
      const row = await own(user, id);
      const base = await versions.findVersion(db, row.id, basedOn);
      const was = base?.sections.find((s) => s.id === sectionId);
      const now = row.sections.find((s) => s.id === sectionId);
      if (!now) throw notFound(`This application has no section "${sectionId}"`);
      if (!was || JSON.stringify(was.doc) !== JSON.stringify(now.doc))
        throw new AppError(
          409,
          'This section changed after the suggestion was made, so it was not applied. Use Edit to copy it into the section, or ask again.',
          { currentVersion: row.version },
        );
      return save(user, id, row.version, (current) =>
        // The suggestion is Markdown: its lists, headings and tables become the editor's nodes.
        current.map((s) => (s.id === sectionId ? { ...s, doc: markdownToDoc(text) } : s)),
      );
    },

    async check(user: Owner, id: string, input: CheckRequest): Promise<CheckResult> {
      const row = await readable(user, id);
      // A section the request leaves out is checked as saved.
      const typed = new Map(input.sections.map((s) => [s.id, s.text]));
      return (await liveChecksOf(db, row, typed)).checks;
    },

    /** The application as a file (see exportApplication), to anyone who may read it. */
    async exportFile(
      user: Owner & { language?: Language },
      id: string,
      format: ExportFormat,
      part: 'all' | 'budget' = 'all',
    ) {
      return exportApplication(db, await readable(user, id), format, part, user.language);
    },
  };
}
export type ApplicationDocuments = ReturnType<typeof createApplicationDocuments>;
