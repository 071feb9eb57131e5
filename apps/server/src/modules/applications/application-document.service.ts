import {
  docToText,
  emptyDoc,
  textToDoc,
  type ApplicationDetail,
  type CheckRequest,
  type CheckResult,
  type RichNode,
  type SaveSectionsInput,
  type VersionDetail,
  type VersionSummary,
} from '@grantleaf/shared/application-document.schema';
import type { Language } from '@grantleaf/shared/language';
import type { Application } from '@grantleaf/shared/applications.schema';
import type { Readiness } from '@grantleaf/shared/organisations.schema';
import type { Access } from '@grantleaf/shared/sharing.schema';
import { docToMarkdown, markdownToDoc } from '@grantleaf/shared/rich-markdown';
import { generatedApplicationSchema } from '@grantleaf/shared/grant-results.schema';
import type { ProgramSectionsEntry } from '@grantleaf/shared/program-sections.schema';
import { programSectionSpecs } from '../../ai/write/draft.ts';
import { limitText } from '../../ai/profile/data.ts';
import { formatMoney } from '../../ai/text/money.ts';
import { countWords } from '../../ai/text/review-text.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { findProgramById } from '../programs/index.ts';
import { checkBudget, partnerFacts } from '@grantleaf/shared/budget-checks';
import { budgetBlocks, budgetCsv } from './budget-export.ts';
import { budgetOfApplication } from './budget.service.ts';
import {
  findOwnSubmission,
  listCompletedGenerationIds,
  renderDocx,
  renderPdf,
  safeBaseName,
  type ExportBlock,
  type ExportRun,
} from '../submissions/index.ts';
import * as versions from './application-versions.repository.ts';
import * as repo from './applications.repository.ts';
import type { ApplicationRow, StoredSection } from './applications.schema.ts';
import { returnToReview } from './application-review.repository.ts';
import { exportLabels } from './export-labels.ts';
import { exportLayout } from './export-layout.ts';
import { type LiveBudget, runLiveChecks } from './live-checks.ts';

/** The signed-in user; every query is scoped by their id. */
type Owner = { id: string };

type Program = NonNullable<Awaited<ReturnType<typeof findProgramById>>>;

/** A program and the shape of its application (program-sections.json, or its catalogue sections). */
export async function programTemplate(
  db: Tx,
  programId: string | null,
): Promise<{ program: Program; entry: ProgramSectionsEntry } | null> {
  if (!programId) return null;
  const program = await findProgramById(db, programId);
  return program ? { program, entry: programSectionSpecs(program) } : null;
}

export const emptySections = (entry: ProgramSectionsEntry): StoredSection[] =>
  entry.sections.map((s) => ({ id: s.id, header: s.header, doc: emptyDoc() }));

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

// --- export -------------------------------------------------------------------------------------

const plain = (node: RichNode): string =>
  node.type === 'text'
    ? (node.text ?? '')
    : node.type === 'hardBreak'
      ? '\n'
      : (node.content ?? []).map(plain).join('');

/** A paragraph's text with its bold, italic, underline and links, for the export's runs. */
function runsOf(node: RichNode): ExportRun[] {
  const out: ExportRun[] = [];
  const walk = (n: RichNode) => {
    if (n.type === 'hardBreak') out.push({ text: '\n' });
    else if (n.type === 'text' && n.text) {
      const marks = new Set((n.marks ?? []).map((m) => m.type));
      const href = n.marks?.find((m) => m.type === 'link')?.attrs?.href;
      out.push({
        text: n.text,
        ...(marks.has('bold') ? { bold: true } : {}),
        ...(marks.has('italic') ? { italic: true } : {}),
        ...(marks.has('underline') ? { underline: true } : {}),
        ...(typeof href === 'string' ? { link: href } : {}),
      });
    } else n.content?.forEach(walk);
  };
  walk(node);
  return out;
}

/** A paragraph block: runs only when some of its text is formatted, else its plain text. */
function paragraphBlock(node: RichNode, prefix = ''): ExportBlock | null {
  const text = plain(node).trim();
  if (!text) return null;
  const runs = runsOf(node);
  if (!runs.some((r) => r.bold || r.italic || r.underline || r.link))
    return { kind: 'p', text: prefix + text };
  return { kind: 'p', text: prefix + text, runs: prefix ? [{ text: prefix }, ...runs] : runs };
}

/** A section's document as export blocks: real tables, headings, lists as marked paragraphs. */
function docBlocks(doc: RichNode): ExportBlock[] {
  const out: ExportBlock[] = [];
  const walk = (node: RichNode, prefix = '') => {
    switch (node.type) {
      case 'doc':
        node.content?.forEach((c) => walk(c));
        return;
      case 'heading':
        out.push({ kind: 'h3', text: plain(node) });
        return;
      case 'blockquote':
        out.push({ kind: 'note', text: plain(node) });
        return;
      case 'bulletList':
      case 'orderedList':
        node.content?.forEach((item, i) =>
          walk(item, node.type === 'orderedList' ? `${Number(node.attrs?.start ?? 1) + i}. ` : '• '),
        );
        return;
      case 'listItem': {
        const [first, ...rest] = node.content ?? [];
        const block = first ? paragraphBlock(first, prefix) : null;
        if (block) out.push(block);
        rest.forEach((c) => walk(c, '• '));
        return;
      }
      case 'table':
        out.push({
          kind: 'table',
          rows: (node.content ?? []).map((row) => (row.content ?? []).map((cell) => plain(cell).trim())),
        });
        return;
      default: {
        const block = paragraphBlock(node);
        if (block) out.push(block);
      }
    }
  };
  walk(doc);
  return out;
}

export type ExportFormat = 'docx' | 'pdf' | 'txt' | 'csv';

/** The stored sections in the template's order with the template's limits and guidance. */
async function shapedSections(db: Tx, row: ApplicationRow) {
  const template = await programTemplate(db, row.programId);
  const specs = template?.entry.sections ?? [];
  const order = (id: string) => {
    const i = specs.findIndex((s) => s.id === id);
    return i < 0 ? specs.length : i;
  };
  const sections = [...row.sections]
    .sort((a, b) => order(a.id) - order(b.id))
    .map((s) => {
      const spec = specs.find((p) => p.id === s.id);
      return { ...s, limit: spec?.limit ?? null, guidance: spec?.guidance ?? '' };
    });
  return { template, sections, wordsPerPage: template?.entry.wordsPerPage ?? 500 };
}

/**
 * The application's latest version in the funder's order under the funder's headers (DOCX/PDF
 * through the draft export's renderers), or as plain text per section with its limit beside it,
 * for portals with character-limited fields. The editor's Export and the dashboard's downloads of
 * an edited draft (issue 28 §1) both come here, so they cannot disagree.
 */
/** The saved budget's request and partner money, for the live checks (ADR 0281); null without one. */
async function liveBudget(db: Tx, row: ApplicationRow): Promise<LiveBudget | null> {
  const saved = await budgetOfApplication(db, row);
  if (!saved) return null;
  return {
    requested: checkBudget(saved.budget, saved.rules).totals.requested,
    partners: partnerFacts(saved.budget),
  };
}

export async function exportApplication(
  db: Tx,
  row: ApplicationRow,
  format: ExportFormat,
  part: 'all' | 'budget' = 'all',
  /** The reader's account language: the export's own words follow it (ADR 0861). */
  language: Language = 'en',
): Promise<{ data: Buffer; fileName: string; version: number }> {
  const words = exportLabels(language);
  const { template, sections, wordsPerPage } = await shapedSections(db, row);
  const budgetOnly = format === 'csv' || (part === 'budget' && format !== 'txt');
  const fileName = `${safeBaseName(row.title)}${budgetOnly ? '-budget' : ''}.${format}`;
  const version = row.version;
  const budget = await budgetOfApplication(db, row);
  if (budgetOnly && !budget) throw notFound('No budget is saved for this application yet.');
  if (format === 'csv' && budget)
    return { data: Buffer.from(budgetCsv(budget.budget, budget.rules), 'utf8'), fileName, version };
  if (budgetOnly && budget) {
    // The budget alone, in the funder's shape (ADR 0741), through the same renderers and layout.
    const blocks: ExportBlock[] = [
      { kind: 'h1', text: row.title },
      { kind: 'p', text: words.program(row.program) },
      ...budgetBlocks(budget.budget, budget.rules, language),
    ];
    const layout = { ...exportLayout(template?.entry.formatting), language };
    const data = format === 'pdf' ? await renderPdf(blocks, layout) : await renderDocx(blocks, layout);
    return { data, fileName, version };
  }
  if (format === 'txt') {
    const parts = sections.map((s) => {
      const text = docToText(s.doc);
      const size = `${countWords(text).toLocaleString('en-US')} words, ${text.length.toLocaleString('en-US')} characters`;
      const limit = s.limit
        ? `Limit: ${limitText(s.limit)}${s.limit.unit === 'pages' ? ` (about ${wordsPerPage} words a page)` : ''}. This text: ${size}.`
        : `No limit. This text: ${size}.`;
      return `${s.header}\n${limit}\n\n${text}`;
    });
    return { data: Buffer.from(`${parts.join('\n\n\n')}\n`, 'utf8'), fileName, version };
  }
  const blocks: ExportBlock[] = [
    { kind: 'h1', text: row.title },
    { kind: 'p', text: words.program(row.program) },
  ];
  for (const s of sections) blocks.push({ kind: 'h2', text: s.header }, ...docBlocks(s.doc));
  if (budget) blocks.push(...budgetBlocks(budget.budget, budget.rules, language));
  // The funder's font, size and margins where its formatting rule states them; page numbers.
  const layout = { ...exportLayout(template?.entry.formatting), language };
  const data = format === 'pdf' ? await renderPdf(blocks, layout) : await renderDocx(blocks, layout);
  return { data, fileName, version };
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
    const { template, sections, wordsPerPage } = await shapedSections(db, row);
    const result = runLiveChecks({
      program: template?.program ?? null,
      wordsPerPage,
      budget: await liveBudget(db, row),
      sections: sections.map((s) => ({ id: s.id, header: s.header, limit: s.limit, text: docToText(s.doc) })),
    });
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
      const { template, sections, wordsPerPage } = await shaped(row);
      const section = sections.find((s) => s.id === sectionId);
      if (!section) throw notFound(`This application has no section "${sectionId}"`);
      const checks = runLiveChecks({
        program: template?.program ?? null,
        wordsPerPage,
        budget: await liveBudget(db, row),
        sections: sections.map((s) => ({
          id: s.id,
          header: s.header,
          limit: s.limit,
          text: docToText(s.doc),
        })),
      });
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
      const { template, sections, wordsPerPage } = await shaped(row);
      const typed = new Map(input.sections.map((s) => [s.id, s.text]));
      return runLiveChecks({
        program: template?.program ?? null,
        wordsPerPage,
        budget: await liveBudget(db, row),
        sections: sections.map((s) => ({
          id: s.id,
          header: s.header,
          limit: s.limit,
          // A section the request leaves out is checked as saved.
          text: typed.get(s.id) ?? docToText(s.doc),
        })),
      });
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
