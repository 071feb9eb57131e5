import { computeSredCredits, SredInputError, type SredResult } from '@grantleaf/shared/sred/calculator';
import {
  buildCalculatorInput,
  countedAmount,
  parseAmount,
  sredShares,
} from '@grantleaf/shared/sred/classify';
import {
  SRED_LIMITS,
  type ClaimGrant,
  type ClaimView,
  type GrantOffer,
  type ProjectInput,
} from '@grantleaf/shared/sred/sred.schema';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { ownApprovedApplications } from '../applications/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import type { streamAuditPackage } from './audit-package.ts';
import { safeName } from './audit-package.ts';
import { checkNarrative } from './narrative-checks.ts';
import * as repo from './sred.repository.ts';
import type { SredClaimRow, SredExpenseLineRow, StoredGrant } from './sred.schema.ts';

/**
 * A claim as the page shows it and the credit recomputed on every change (ADR 0341, 0660): moved
 * out of sred.service.ts unchanged (ADR 1180), so the service's closure is its operations alone.
 */

export const MESSAGES = {
  claimsFull: `You can keep at most ${SRED_LIMITS.claims} SR&ED claims.`,
  projectsFull: `A claim holds at most ${SRED_LIMITS.projects} projects.`,
  unknownProject: 'A time entry names a project that is not in this claim.',
  unknownFile: 'An evidence file is not one of your uploads (or was deleted). Upload it again.',
  unknownGrant: 'A grant is not one of your applications marked approved in the tracker.',
  grantProject: 'A grant names a project that is not in this claim.',
} as const;

export const fileIdOf = (fileUrl: string) => fileUrl.slice(fileUrl.lastIndexOf('/') + 1);

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

/** Evidence files must be the user's own live uploads; their names are taken from the upload. */
export async function checkedProject(tx: Tx, userId: string, input: ProjectInput): Promise<ProjectInput> {
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

/** Recomputes the claim's credit with the shared calculator and stores it as the record. */
export async function recompute(tx: Tx, claim: SredClaimRow): Promise<void> {
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

export async function claimView(tx: Tx, userId: string, id: string): Promise<ClaimView> {
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
export async function mutateClaim(
  db: Db,
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
    return claimView(tx, userId, id);
  });
}

type EvidenceRef = Parameters<typeof streamAuditPackage>[1][number];

/**
 * The claim's evidence files as the audit package lists them, each at a unique path in its
 * project's folder, and the storage key of each that is still there (a deleted one is listed empty).
 */
export async function evidenceFiles(
  db: Db,
  userId: string,
  claim: ClaimView,
): Promise<{ files: EvidenceRef[]; keys: Map<EvidenceRef, string> }> {
  const files: EvidenceRef[] = [];
  const keys = new Map<EvidenceRef, string>();
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
      const ref: EvidenceRef = {
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
  return { files, keys };
}
