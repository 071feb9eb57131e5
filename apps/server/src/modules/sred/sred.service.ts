import type { Language } from '@grantleaf/shared/language';
import { computeSredCredits, SredInputError, type SredResult } from '@grantleaf/shared/sred/calculator';
import {
  buildCalculatorInput,
  classifyLine,
  countedAmount,
  parseAmount,
  parseIsoDate,
  parseJurisdiction,
  sredShares,
  type TimeEntry,
} from '@grantleaf/shared/sred/classify';
import {
  IMPORT_FIELDS,
  SRED_LIMITS,
  type ClaimSettings,
  type ClaimSummary,
  type ClaimGrant,
  type ClaimGrantInput,
  type ClaimView,
  type GrantOffer,
  type ImportFile,
  type ImportMapping,
  type ProjectInput,
} from '@grantleaf/shared/sred/sred.schema';
import { filingDeadline } from '@grantleaf/shared/sred/calculator';
import {
  DOCUMENT_TOO_HEAVY,
  ExtractionLimitError,
  parseTableRows,
} from '../../adapters/text-extraction/text-extraction.ts';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../errors.ts';
import { ownApprovedApplications } from '../applications/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import type { Readable } from 'node:stream';
import { safeName, streamAuditPackage } from './audit-package.ts';
import { checkNarrative } from './narrative-checks.ts';
import * as repo from './sred.repository.ts';
import type { LineData, SredClaimRow, SredExpenseLineRow, StoredGrant } from './sred.schema.ts';

const MESSAGES = {
  claimsFull: `You can keep at most ${SRED_LIMITS.claims} SR&ED claims.`,
  projectsFull: `A claim holds at most ${SRED_LIMITS.projects} projects.`,
  linesFull: (room: number) =>
    `A claim holds at most ${SRED_LIMITS.lines} expense lines; this file has more rows than the ${room} still free. Split it or remove an earlier import.`,
  csvUnreadable: 'This file could not be read as CSV (UTF-8, comma-separated, a header row first).',
  xlsxUnreadable:
    'This file could not be read as an Excel workbook (.xlsx): its first sheet needs a header row first.',
  noRows: 'The file has a header row but no rows under it.',
  unknownColumn: (c: string) => `The column “${c}” is not in the file’s header.`,
  unknownProject: 'A time entry names a project that is not in this claim.',
  unknownFile: 'An evidence file is not one of your uploads (or was deleted). Upload it again.',
  unknownGrant: 'A grant is not one of your applications marked approved in the tracker.',
  grantProject: 'A grant names a project that is not in this claim.',
} as const;

/** Header words that suggest a mapping; the user confirms or changes it before importing. */
const SUGGEST: Record<(typeof IMPORT_FIELDS)[number], RegExp> = {
  date: /date|posted|period/i,
  description: /desc|memo|detail|narrative/i,
  account: /account|gl|category/i,
  amount: /amount|debit|total|gross|salary|cost/i,
  person: /employee|person|name|staff/i,
  jurisdiction: /province|prov|jurisdiction|location/i,
  vendor: /vendor|supplier|payee/i,
};

function suggestMapping(headers: string[]): Partial<ImportMapping> {
  const out: Partial<ImportMapping> = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const h = headers.find((x) => !used.has(x) && SUGGEST[field].test(x));
    if (h) {
      out[field] = h;
      used.add(h);
    }
  }
  return out;
}

const fileIdOf = (fileUrl: string) => fileUrl.slice(fileUrl.lastIndexOf('/') + 1);

/**
 * The claim's filing deadline when the record has none (a claim the calculator refused), by the
 * same dated rule the calculator applies.
 */
export function deadlineOf(settings: ClaimSettings): { date: string; verified: boolean } {
  return filingDeadline(settings.taxYearStart, settings.taxYearEnd);
}

type CalculatorLine = Parameters<typeof buildCalculatorInput>[1][number];

/** The claim's expense lines as the calculator aggregates them. */
const calculatorLines = (lines: SredExpenseLineRow[]): CalculatorLine[] =>
  lines.map((l) => ({ ...l.data, category: l.category }));

/**
 * A counted grant enters the calculation as government assistance in its jurisdiction (ADR 0660),
 * exactly as an imported line of that category would.
 */
const grantLines = (claim: SredClaimRow, grants: readonly StoredGrant[]): CalculatorLine[] =>
  grants.map((g) => ({
    category: 'government_assistance',
    amount: g.amount,
    jurisdiction: g.jurisdiction,
    person: '',
    date: claim.taxYearEnd,
    error: null,
  }));

function totalCredit(
  claim: SredClaimRow,
  lines: CalculatorLine[],
  grants: readonly StoredGrant[],
): number | null {
  try {
    const input = buildCalculatorInput(
      claim.settings,
      [...lines, ...grantLines(claim, grants)],
      claim.timeEntries,
    );
    return computeSredCredits(input).totals.total;
  } catch (err) {
    if (err instanceof SredInputError) return null;
    throw err;
  }
}

/** SR&ED claims (issue 30 §1–§3; ADR 0341). */
export function createSredService(deps: { db: Db; storage: FileStorage }) {
  const { db } = deps;

  /** Evidence files must be the user's own live uploads; their names are taken from the upload. */
  async function checkedProject(tx: Tx, userId: string, input: ProjectInput): Promise<ProjectInput> {
    const seen = new Set<string>();
    const evidenceFiles: ProjectInput['evidenceFiles'] = [];
    for (const f of input.evidenceFiles) {
      if (seen.has(f.fileUrl)) continue;
      seen.add(f.fileUrl);
      const upload = await findOwnUpload(tx, userId, fileIdOf(f.fileUrl));
      if (!upload) throw badRequest(MESSAGES.unknownFile);
      evidenceFiles.push({ fileUrl: f.fileUrl, name: upload.originalName });
    }
    return { ...input, evidenceFiles };
  }

  async function parseTable(
    userId: string,
    file: ImportFile,
  ): Promise<{ headers: string[]; rows: string[][] }> {
    const xlsx = 'xlsx' in file;
    let rows: string[][];
    try {
      // Parsed in the extraction pool, off the request thread, with its limits (ADR 0238).
      rows = await parseTableRows(
        xlsx ? Buffer.from(file.xlsx, 'base64') : Buffer.from(file.csv, 'utf8'),
        xlsx ? 'xlsx' : 'csv',
        userId,
        SRED_LIMITS.csvRows,
      );
    } catch (err) {
      if (err instanceof ExtractionLimitError) throw unprocessable(DOCUMENT_TOO_HEAVY);
      throw badRequest(xlsx ? MESSAGES.xlsxUnreadable : MESSAGES.csvUnreadable);
    }
    const [header, ...body] = rows;
    if (!header || header.every((h) => h.trim() === ''))
      throw badRequest('xlsx' in file ? MESSAGES.xlsxUnreadable : MESSAGES.csvUnreadable);
    return { headers: header.map((h) => h.trim()), rows: body };
  }

  /** A row with no cell filled in (a spreadsheet's blank row): skipped, not reported as an error. */
  function isBlank(row: string[]): boolean {
    return row.every((c) => c.trim() === '');
  }

  /** Recomputes the claim's credit with the shared calculator and stores it as the record. */
  async function recompute(tx: Tx, claim: SredClaimRow): Promise<void> {
    const lines = await repo.listLines(tx, claim.userId, claim.id);
    const input = buildCalculatorInput(
      claim.settings,
      [...calculatorLines(lines), ...grantLines(claim, claim.grants)],
      claim.timeEntries,
    );
    let result: SredResult | null = null;
    let resultError: string | null = null;
    try {
      result = computeSredCredits(input);
    } catch (err) {
      if (!(err instanceof SredInputError)) throw err;
      resultError = err.message;
    }
    await repo.updateClaim(tx, claim.userId, claim.id, { result, resultError });
  }

  async function view(tx: Tx, userId: string, id: string): Promise<ClaimView> {
    const claim = await repo.findClaim(tx, userId, id);
    if (!claim) throw notFound();
    const [projects, lines, approved] = await Promise.all([
      repo.listProjects(tx, userId, id),
      repo.listLines(tx, userId, id),
      ownApprovedApplications(tx, userId),
    ]);
    const shares = sredShares(claim.timeEntries);
    const aggregated = calculatorLines(lines);
    const withAll = totalCredit(claim, aggregated, claim.grants);
    const approvedIds = new Set(approved.map((a) => a.id));
    const counted = new Set(claim.grants.map((g) => g.applicationId));
    // Each grant's effect: the total credit without it, less the total with every grant.
    const grants: ClaimGrant[] = claim.grants.map((g) => {
      const without = totalCredit(
        claim,
        aggregated,
        claim.grants.filter((o) => o !== g),
      );
      return {
        ...g,
        stillApproved: approvedIds.has(g.applicationId),
        effect: without === null || withAll === null ? null : without - withAll,
      };
    });
    const grantOffers: GrantOffer[] = approved
      .filter((a) => !counted.has(a.id))
      .map((a) => {
        const award = parseAmount(a.amount.replace(/^(CAD|C\$|CA\$)\s*/i, ''));
        return {
          applicationId: a.id,
          title: a.title,
          program: a.program,
          awardText: a.amount,
          award: award !== null && award > 0 ? award : null,
          approvedAt: a.approvedAt,
        };
      });
    return {
      id: claim.id,
      settings: claim.settings,
      projects: projects.map((p) => ({
        id: p.id,
        ...p.data,
        // Projects saved before evidence files existed (ADR 0470) have none.
        evidenceFiles: p.data.evidenceFiles ?? [],
        checks: checkNarrative(p.data, { start: claim.taxYearStart, end: claim.taxYearEnd }),
      })),
      lines: lines.map((l) => {
        const { counted, share } = countedAmount({ ...l.data, category: l.category }, shares);
        return {
          id: l.id,
          source: l.source,
          row: l.rowNo,
          ...l.data,
          ruleCategory: l.ruleCategory,
          ruleReason: l.ruleReason,
          category: l.category,
          overrides: l.overrides,
          sredShare: share,
          counted,
        };
      }),
      time: claim.timeEntries,
      grants,
      grantOffers,
      calculatorInput: buildCalculatorInput(
        claim.settings,
        [...aggregated, ...grantLines(claim, claim.grants)],
        claim.timeEntries,
      ),
      result: claim.result,
      resultError: claim.resultError,
    };
  }

  /** Runs `fn` on the owner's locked claim, recomputes the record, answers the fresh view. */
  async function mutate(
    userId: string,
    id: string,
    fn: (tx: Tx, claim: SredClaimRow) => Promise<void>,
  ): Promise<ClaimView> {
    return db.transaction(async (tx) => {
      const claim = await repo.findClaim(tx, userId, id, true);
      if (!claim) throw notFound();
      await fn(tx, claim);
      const fresh = (await repo.findClaim(tx, userId, id))!;
      await recompute(tx, fresh);
      return view(tx, userId, id);
    });
  }

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
        return view(tx, userId, claim.id);
      });
    },

    get: (userId: string, id: string) => view(db, userId, id),

    updateSettings: (userId: string, id: string, settings: ClaimSettings) =>
      mutate(userId, id, (tx) =>
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
      mutate(userId, id, async (tx) => {
        if ((await repo.listProjects(tx, userId, id)).length >= SRED_LIMITS.projects)
          throw conflict(MESSAGES.projectsFull);
        await repo.insertProject(tx, { userId, claimId: id, data: await checkedProject(tx, userId, input) });
      }),

    updateProject: (userId: string, id: string, projectId: string, input: ProjectInput) =>
      mutate(userId, id, async (tx) => {
        const data = await checkedProject(tx, userId, input);
        if (!(await repo.updateProject(tx, userId, id, projectId, data))) throw notFound();
      }),

    setTime: (userId: string, id: string, entries: TimeEntry[]) =>
      mutate(userId, id, async (tx) => {
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
      mutate(userId, id, async (tx, claim) => {
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

    async previewImport(userId: string, id: string, file: ImportFile) {
      if (!(await repo.findClaim(db, userId, id))) throw notFound();
      const { headers, rows } = await parseTable(userId, file);
      const filled = rows.filter((r) => !isBlank(r));
      return {
        headers,
        rows: filled.slice(0, 5),
        rowCount: filled.length,
        suggested: suggestMapping(headers),
      };
    },

    /**
     * Imports every row: a row that cannot be read is kept with its error (and counts for
     * nothing) so the user sees it and nothing is lost; the others are classified by the rules.
     */
    async importRows(
      userId: string,
      id: string,
      source: 'ledger' | 'payroll',
      file: ImportFile,
      mapping: ImportMapping,
    ) {
      if (!(await repo.findClaim(db, userId, id))) throw notFound();
      const { headers, rows } = await parseTable(userId, file);
      if (rows.every(isBlank)) throw badRequest(MESSAGES.noRows);
      const index: Partial<Record<keyof ImportMapping, number>> = {};
      for (const [field, column] of Object.entries(mapping) as [keyof ImportMapping, string | null][]) {
        if (column === null) continue;
        const i = headers.indexOf(column);
        if (i < 0) throw badRequest(MESSAGES.unknownColumn(column));
        index[field] = i;
      }
      const cell = (row: string[], field: keyof ImportMapping) => {
        const i = index[field];
        return i === undefined ? '' : (row[i] ?? '').trim();
      };
      const errors: { row: number; message: string }[] = [];
      let imported = 0;
      await mutate(userId, id, async (tx, claim) => {
        const room = SRED_LIMITS.lines - (await repo.countLines(tx, userId, id));
        const filled = rows.flatMap((row, i) => (isBlank(row) ? [] : [{ row, rowNo: i + 2 }]));
        if (filled.length > room) throw conflict(MESSAGES.linesFull(room));
        // The header is row 1, as a spreadsheet numbers them; blank rows keep their numbers.
        const values = filled.map(({ row, rowNo }) => {
          const problems: string[] = [];
          const rawDate = cell(row, 'date');
          const date = parseIsoDate(rawDate);
          if (!date) problems.push(`date “${rawDate}” is not YYYY-MM-DD`);
          else if (date < claim.taxYearStart || date > claim.taxYearEnd)
            problems.push(
              `date ${date} is outside the tax year ${claim.taxYearStart} to ${claim.taxYearEnd}`,
            );
          const rawAmount = cell(row, 'amount');
          const amount = parseAmount(rawAmount);
          if (amount === null) problems.push(`amount “${rawAmount}” is not a number`);
          else if (amount < 0)
            problems.push('a negative amount (a reversal) is not imported; enter the net amount');
          const person = cell(row, 'person');
          if (source === 'payroll' && !person) problems.push('no employee named');
          const rawJurisdiction = cell(row, 'jurisdiction');
          const jurisdiction = parseJurisdiction(rawJurisdiction) ?? claim.settings.defaultJurisdiction;
          const data: LineData = {
            date,
            description: cell(row, 'description').slice(0, 500),
            account: cell(row, 'account').slice(0, 200),
            vendor: cell(row, 'vendor').slice(0, 200),
            person: person.slice(0, 200),
            jurisdiction,
            amount: amount !== null && amount > 0 ? amount : 0,
            error: problems.length ? `Row ${rowNo}: ${problems.join('; ')}` : null,
          };
          if (data.error) errors.push({ row: rowNo, message: data.error });
          else imported += 1;
          const { category, reason } = classifyLine(source, data.account, data.description);
          return {
            userId,
            claimId: id,
            source,
            rowNo,
            data,
            ruleCategory: category,
            ruleReason: reason,
            category,
            overrides: [],
          };
        });
        await repo.insertLines(tx, values);
      });
      return { imported, errors };
    },

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
      const claim = await view(db, userId, id);
      type Ref = Parameters<typeof streamAuditPackage>[1][number];
      const files: Ref[] = [];
      const keys = new Map<Ref, string>();
      const used = new Set<string>();
      for (const [i, project] of claim.projects.entries()) {
        const folder = `evidence/${String(i + 1).padStart(2, '0')}-${safeName(project.title, 'project')}`;
        for (const f of project.evidenceFiles) {
          const upload = await findOwnUpload(db, userId, fileIdOf(f.fileUrl));
          if (!upload) {
            files.push({
              projectId: project.id,
              name: f.name,
              uploadedAt: '',
              sizeBytes: 0,
              sha256: '',
              path: '',
            });
            continue;
          }
          const name = safeName(upload.originalName, `file.${upload.extension}`);
          let path = `${folder}/${name}`;
          for (let n = 2; used.has(path); n++) path = `${folder}/${n}-${name}`;
          used.add(path);
          const ref: Ref = {
            projectId: project.id,
            name: upload.originalName,
            uploadedAt: upload.createdAt.toISOString(),
            sizeBytes: upload.sizeBytes,
            sha256: upload.sha256,
            path,
          };
          keys.set(ref, upload.storageKey);
          files.push(ref);
        }
      }
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
      mutate(userId, id, async (tx) => {
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
