import { csvTable } from '@grantleaf/shared/csv';
import { SRED_SOURCES } from '@grantleaf/shared/sred/rules';
import {
  EXPENSE_CATEGORY_LABELS,
  JURISDICTION_LABELS,
  T661_WORD_LIMITS,
  type ClaimView,
  type ExpenseCategory,
} from '@grantleaf/shared/sred/sred.schema';
import type { Readable } from 'node:stream';
import type { Language } from '@grantleaf/shared/language';
import { PDF_FONTS, renderPdfDocument } from '../../adapters/pdf/pdf-document.ts';
import { zipStream } from '../../adapters/zip/zip-stream.ts';
import { exportLabels, type ExportLabels } from '../submissions/index.ts';

/**
 * The audit-defence package (issue 30 §5; ADR 0470): one PDF a reviewer reads from the first page
 * to the last, and a ZIP that carries it with the CSVs a spreadsheet opens and the evidence files
 * themselves. Streamed from the claim's decrypted view (ADR 0662): one evidence file in memory at a
 * time; nothing is written to disk.
 */

/** One evidence file as the package carries it: whether it was read back, and where it sits in the ZIP. */
export interface EvidenceFile {
  projectId: string;
  name: string;
  uploadedAt: string;
  sizeBytes: number;
  sha256: string;
  /** False when the file could not be read back (deleted since); the index says so. */
  stored: boolean;
  path: string;
}

/** Assistance and contract payments: these reduce what can be claimed (ADR 0341 categories). */
export const ASSISTANCE_CATEGORIES: readonly ExpenseCategory[] = [
  'government_assistance',
  'non_government_assistance',
  'contract_payment',
];

/** The inputs in the order the PDF lists them; their labels are the reader's (ADR 0915). */
const SETTINGS_ORDER: (keyof ClaimView['settings'])[] = [
  'name',
  'taxYearStart',
  'taxYearEnd',
  'corporationType',
  'method',
  'priorYearTaxableCapital',
  'priorYearTaxableIncome',
  'expenditureLimitShare',
  'qualifyingCorporation',
  'defaultJurisdiction',
  'albertaPriorTwoYearsAverage',
  'quebecPriorYearAssets',
  'quebecForeignControlled',
];
const MONEY_SETTINGS = new Set([
  'priorYearTaxableCapital',
  'priorYearTaxableIncome',
  'albertaPriorTwoYearsAverage',
  'quebecPriorYearAssets',
]);

function settingText(w: Words, key: string, value: unknown): string {
  if (value === null || value === undefined) return w.notGiven;
  if (MONEY_SETTINGS.has(key)) return w.money(value as number);
  if (key === 'expenditureLimitShare') return w.percent(value as number);
  if (key === 'defaultJurisdiction') return w.jurisdiction(value as keyof typeof JURISDICTION_LABELS);
  if (typeof value === 'boolean') return w.yesNo(value);
  if (key === 'taxYearStart' || key === 'taxYearEnd') return w.day(String(value));
  return String(value);
}

type Words = ExportLabels['sredPackage'];

/** A name safe in a ZIP on every system: no folders, no control or reserved characters. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/** Dated evidence-log items (one per line, "YYYY-MM-DD what"): the index lists them by date. */
function evidenceLog(text: string): { date: string | null; item: string }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(\d{4}-\d{2}-\d{2})\s*[-–—:]?\s*(.*)$/.exec(l);
      return m ? { date: m[1]!, item: m[2] || l } : { date: null, item: l };
    });
}

/** The CSVs keep English (a spreadsheet's data, as in ADR 0861); the PDF passes the reader's words. */
const projectTitle = (view: ClaimView, id: string | null, w: Words = exportLabels('en').sredPackage) =>
  id === null ? w.otherWork : (view.projects.find((p) => p.id === id)?.title ?? w.removedProject);

/** The expense lines as CSV: every field, the rule's category and reason, the final one, the overrides. */
export function expenseLinesCsv(view: ClaimView): string {
  const rows: (string | number | null)[][] = [
    [
      'File',
      'Row',
      'Date',
      'Description',
      'Account',
      'Vendor',
      'Employee',
      'Province',
      'Amount (CAD)',
      'Row error',
      'Rule category',
      'Rule reason',
      'Category',
      'SR&ED time share',
      'Counted (CAD)',
      'Overrides (when: from → to, why)',
    ],
  ];
  for (const l of view.lines)
    rows.push([
      l.source,
      l.row,
      l.date,
      l.description,
      l.account,
      l.vendor,
      l.person,
      l.jurisdiction,
      (l.amount / 100).toFixed(2),
      l.error,
      EXPENSE_CATEGORY_LABELS[l.ruleCategory],
      l.ruleReason,
      EXPENSE_CATEGORY_LABELS[l.category],
      l.sredShare === null ? '' : `${Math.round(l.sredShare * 10_000) / 100}%`,
      (l.counted / 100).toFixed(2),
      l.overrides
        .map(
          (o) =>
            `${o.at}: ${EXPENSE_CATEGORY_LABELS[o.from]} → ${EXPENSE_CATEGORY_LABELS[o.to]}, ${o.reason}`,
        )
        .join(' | '),
    ]);
  return csvTable(rows);
}

/** The time records as CSV: hours per person per project, "other work" included. */
export function timeRecordsCsv(view: ClaimView): string {
  return csvTable([
    ['Employee', 'Project', 'Hours'],
    ...view.time.map((e) => [e.person, projectTitle(view, e.projectId), e.hours]),
  ]);
}

export function renderAuditPdf(
  view: ClaimView,
  files: EvidenceFile[],
  preparedOn: string,
  language: Language = 'en',
): Promise<Buffer> {
  const w = exportLabels(language).sredPackage;
  const s = view.settings;
  const { regular, bold } = PDF_FONTS.sans;
  return renderPdfDocument(
    { margin: 56, info: { Title: w.documentTitle(s.name), Author: 'Grantleaf' } },
    (doc) => {
      const h1 = (t: string) => doc.font(bold).fontSize(18).fillColor('#000').text(t);
      const h2 = (t: string) => doc.moveDown(0.8).font(bold).fontSize(13).fillColor('#000').text(t);
      const h3 = (t: string) => doc.moveDown(0.4).font(bold).fontSize(11).fillColor('#000').text(t);
      const p = (t: string) => doc.font(regular).fontSize(9.5).fillColor('#000').text(t);
      const note = (t: string) => doc.font(regular).fontSize(8.5).fillColor('#555').text(t).fillColor('#000');
      const field = (label: string, value: string) =>
        doc
          .font(bold)
          .fontSize(9.5)
          .fillColor('#000')
          .text(`${label}${w.colon}`, { continued: true })
          .font(regular)
          .text(value || '—');

      h1(w.title);
      p(w.period(s.name, s.taxYearStart, s.taxYearEnd));
      note(w.prepared(preparedOn));

      h2(w.summary);
      const r = view.result;
      if (r) {
        field(w.totalCredits, w.money(r.totals.total));
        field(w.refundable, w.money(r.totals.refundable));
        field(w.nonRefundable, w.money(r.totals.nonRefundable));
        field(w.filingDeadline, w.day(r.filingDeadline));
        field(w.everyRuleRead, w.verified(r.verified));
      } else p(w.noCalculation(view.resultError));

      h3(w.everyInput);
      for (const key of SETTINGS_ORDER) field(w.setting[key], settingText(w, key, s[key]));
      for (const spend of view.calculatorInput?.spend ?? []) {
        h3(w.spendFor(w.jurisdiction(spend.jurisdiction as keyof typeof JURISDICTION_LABELS)));
        for (const [k, v] of Object.entries(spend as Record<string, unknown>)) {
          if (k === 'jurisdiction') continue;
          if (k === 'capital') {
            for (const c of v as { amount: number; acquiredOn: string }[])
              field(w.capitalLabel, w.capital(w.money(c.amount), c.acquiredOn));
            continue;
          }
          field(k, w.money(v as number));
        }
      }

      if (r) {
        h3(w.steps);
        for (const l of r.lines) {
          field(l.label, `${w.money(l.amount)}${l.verified ? '' : w.unverified}`);
          note(`${l.formula}${l.sources.length ? ` · sources: ${l.sources.join(', ')}` : ''}`);
        }
        for (const n of r.notes) note(n);
        h3(w.sources);
        for (const src of SRED_SOURCES) note(`${src.id}: ${src.publisher}, ${src.url} (read ${src.read})`);
      }

      h2(w.assistance);
      const assistance = view.lines.filter((l) => !l.error && ASSISTANCE_CATEGORIES.includes(l.category));
      if (assistance.length === 0 && view.grants.length === 0) p(w.noneRecorded);
      // Grants counted from the tracker (ADR 0660), with the project they funded and their effect.
      for (const g of view.grants) {
        const project = view.projects.find((x) => x.id === g.projectId)?.title;
        p(
          w.grant({
            title: g.title,
            program: g.program,
            approvedAt: g.approvedAt,
            amount: w.money(g.amount),
            jurisdiction: w.jurisdiction(g.jurisdiction),
            project,
            effect: g.effect === null ? null : w.money(g.effect),
            stillApproved: g.stillApproved,
          }),
        );
      }
      for (const l of assistance)
        p(
          `${l.date} · ${EXPENSE_CATEGORY_LABELS[l.category]} · ${w.money(l.amount)} · ${l.description || l.account}` +
            ` (${w.row(l.source, l.row)}, ${w.jurisdiction(l.jurisdiction)})`,
        );

      h2(w.projects);
      if (view.projects.length === 0) p(w.noProjects);
      for (const [i, proj] of view.projects.entries()) {
        h3(`${i + 1}. ${proj.title}`);
        field(w.fieldCode, proj.fieldCode);
        field(w.dates, w.datesValue(proj.startDate, proj.endDate));
        field(w.keyPersonnel, proj.keyPersonnel);
        for (const key of ['uncertainty', 'work', 'advancements'] as const) {
          doc.moveDown(0.2);
          field(w.line(T661_WORD_LIMITS[key].line), proj[key]);
        }
        doc.moveDown(0.2);
        if (proj.checks.length === 0) note(w.noFindings);
        else for (const c of proj.checks) note(w.check(c.message));
      }

      h2(w.evidence);
      for (const [i, proj] of view.projects.entries()) {
        h3(`${i + 1}. ${proj.title}`);
        const log = evidenceLog(proj.evidence);
        const own = files.filter((f) => f.projectId === proj.id);
        if (log.length === 0 && own.length === 0) p(w.noEvidence);
        for (const e of log) p(`${e.date ?? w.undated} · ${e.item}`);
        for (const f of own)
          p(
            w.file({
              day: f.uploadedAt.slice(0, 10),
              name: f.name,
              size: f.sizeBytes,
              sha256: f.sha256,
              inZip: f.stored ? f.path : null,
            }),
          );
      }

      h2(w.time);
      if (view.time.length === 0) p(w.noTime);
      for (const e of view.time) p(`${e.person} · ${projectTitle(view, e.projectId, w)} · ${e.hours} h`);

      h2(w.expenses);
      if (view.lines.length === 0) p(w.noExpenses);
      for (const l of view.lines) {
        doc.moveDown(0.3);
        doc
          .font(bold)
          .fontSize(9.5)
          .text(
            `${w.row(l.source, l.row)} · ${l.date ?? w.noDate} · ${w.money(l.amount)} · ${l.description || l.account || '—'}`,
          );
        if (l.error) note(w.notCounted(l.error));
        p(
          w.rule(
            EXPENSE_CATEGORY_LABELS[l.ruleCategory],
            l.ruleReason,
            EXPENSE_CATEGORY_LABELS[l.category],
            w.money(l.counted),
            l.sredShare === null ? '' : w.share(w.percent(l.sredShare)),
          ),
        );
        for (const o of l.overrides)
          note(w.override(o.at, EXPENSE_CATEGORY_LABELS[o.from], EXPENSE_CATEGORY_LABELS[o.to], o.reason));
      }
    },
  );
}

/**
 * The ZIP, streamed (ADR 0662): each readable evidence file under evidence/ first, loaded one at a
 * time and released once deflated, then the PDF (whose index says which files were read back) and
 * both CSVs. `load` answers undefined for a file that is no longer stored.
 */
export function streamAuditPackage(
  view: ClaimView,
  files: Omit<EvidenceFile, 'stored'>[],
  load: (file: Omit<EvidenceFile, 'stored'>) => Promise<Buffer | undefined>,
  preparedOn: string,
  /** The PDF's own words (ADR 0915); the CSVs keep English column names. */
  language: Language = 'en',
): { fileName: string; stream: Readable } {
  const zip = zipStream({ mtime: new Date(`${preparedOn}T00:00:00Z`) });
  void (async () => {
    const read: EvidenceFile[] = [];
    for (const f of files) {
      // A download the client abandoned loads nothing more.
      if (zip.closed) return;
      const data = await load(f);
      if (data) await zip.add(f.path, data);
      read.push({ ...f, stored: data !== undefined });
    }
    await zip.add('audit-defence.pdf', await renderAuditPdf(view, read, preparedOn, language));
    await zip.add('expense-lines.csv', expenseLinesCsv(view));
    await zip.add('time-records.csv', timeRecordsCsv(view));
    zip.end();
  })().catch((err: unknown) => zip.fail(err));
  const fileName = `sred-audit-package-${safeName(view.settings.name, 'claim').replace(/\s+/g, '-')}-${view.settings.taxYearEnd}.zip`;
  return { fileName, stream: zip.stream };
}
