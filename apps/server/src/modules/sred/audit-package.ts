import { csvTable } from '@grantleaf/shared/csv';
import { money } from '@grantleaf/shared/sred/calculator';
import { SRED_SOURCES } from '@grantleaf/shared/sred/rules';
import {
  EXPENSE_CATEGORY_LABELS,
  JURISDICTION_LABELS,
  T661_WORD_LIMITS,
  type ClaimView,
  type ExpenseCategory,
} from '@grantleaf/shared/sred/sred.schema';
import { Zip, ZipDeflate } from 'fflate';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

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

const SETTINGS_LABELS: [keyof ClaimView['settings'], string][] = [
  ['name', 'Claim name'],
  ['taxYearStart', 'Tax year starts'],
  ['taxYearEnd', 'Tax year ends'],
  ['corporationType', 'Corporation type'],
  ['method', 'Overhead method'],
  ['priorYearTaxableCapital', 'Prior-year taxable capital of the associated group'],
  ['priorYearTaxableIncome', 'Prior-year taxable income'],
  ['expenditureLimitShare', 'Share of the expenditure limit allocated'],
  ['qualifyingCorporation', 'Qualifying corporation'],
  ['defaultJurisdiction', 'Province of the work (default)'],
  ['albertaPriorTwoYearsAverage', 'Alberta: average of the two prior years'],
  ['quebecPriorYearAssets', 'Québec: prior-year total assets'],
  ['quebecForeignControlled', 'Québec: foreign-controlled'],
];
const MONEY_SETTINGS = new Set([
  'priorYearTaxableCapital',
  'priorYearTaxableIncome',
  'albertaPriorTwoYearsAverage',
  'quebecPriorYearAssets',
]);

function settingText(key: string, value: unknown): string {
  if (value === null || value === undefined) return 'not given';
  if (MONEY_SETTINGS.has(key)) return money(value as number);
  if (key === 'expenditureLimitShare') return `${Math.round((value as number) * 10_000) / 100}%`;
  if (key === 'defaultJurisdiction') return JURISDICTION_LABELS[value as keyof typeof JURISDICTION_LABELS];
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

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

const projectTitle = (view: ClaimView, id: string | null) =>
  id === null
    ? 'Other (non-SR&ED) work'
    : (view.projects.find((p) => p.id === id)?.title ?? 'Removed project');

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

export function renderAuditPdf(view: ClaimView, files: EvidenceFile[], preparedOn: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const s = view.settings;
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      info: { Title: `SR&ED audit-defence package: ${s.name}`, Author: 'Grantleaf' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const h1 = (t: string) => doc.font('Helvetica-Bold').fontSize(18).fillColor('#000').text(t);
    const h2 = (t: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#000').text(t);
    const h3 = (t: string) => doc.moveDown(0.4).font('Helvetica-Bold').fontSize(11).fillColor('#000').text(t);
    const p = (t: string) => doc.font('Helvetica').fontSize(9.5).fillColor('#000').text(t);
    const note = (t: string) =>
      doc.font('Helvetica').fontSize(8.5).fillColor('#555').text(t).fillColor('#000');
    const field = (label: string, value: string) =>
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor('#000')
        .text(`${label}: `, { continued: true })
        .font('Helvetica')
        .text(value || '—');

    h1('SR&ED audit-defence package');
    p(`${s.name} · tax year ${s.taxYearStart} to ${s.taxYearEnd}`);
    note(
      `Prepared by Grantleaf on ${preparedOn} from the claim as saved. Amounts in Canadian dollars. ` +
        'The calculation is Grantleaf’s estimate under the rules cited; it is not CRA’s assessment.',
    );

    h2('1. Claim summary');
    const r = view.result;
    if (r) {
      field('Total credits', money(r.totals.total));
      field('Refundable', money(r.totals.refundable));
      field('Non-refundable', money(r.totals.nonRefundable));
      field('Filing deadline', r.filingDeadline);
      field(
        'Every rule read on a government page',
        r.verified ? 'yes' : 'no: some rules are marked unverified',
      );
    } else p(`No calculation: ${view.resultError ?? 'the claim could not be computed.'}`);

    h3('Every input');
    for (const [key, label] of SETTINGS_LABELS) field(label, settingText(key, s[key]));
    for (const spend of view.calculatorInput?.spend ?? []) {
      h3(
        `Expenditures aggregated for ${JURISDICTION_LABELS[spend.jurisdiction as keyof typeof JURISDICTION_LABELS]}`,
      );
      for (const [k, v] of Object.entries(spend as Record<string, unknown>)) {
        if (k === 'jurisdiction') continue;
        if (k === 'capital') {
          for (const c of v as { amount: number; acquiredOn: string }[])
            field('Capital property', `${money(c.amount)} acquired ${c.acquiredOn}`);
          continue;
        }
        field(k, money(v as number));
      }
    }

    if (r) {
      h3('Calculation, step by step');
      for (const l of r.lines) {
        field(l.label, `${money(l.amount)}${l.verified ? '' : ' (unverified)'}`);
        note(`${l.formula}${l.sources.length ? ` · sources: ${l.sources.join(', ')}` : ''}`);
      }
      for (const n of r.notes) note(n);
      h3('Sources');
      for (const src of SRED_SOURCES) note(`${src.id}: ${src.publisher}, ${src.url} (read ${src.read})`);
    }

    h2('2. Assistance and contract payments that reduced the claim');
    const assistance = view.lines.filter((l) => !l.error && ASSISTANCE_CATEGORIES.includes(l.category));
    if (assistance.length === 0 && view.grants.length === 0) p('None recorded on this claim.');
    // Grants counted from the tracker (ADR 0660), with the project they funded and their effect.
    for (const g of view.grants) {
      const project = view.projects.find((x) => x.id === g.projectId)?.title;
      p(
        `Grant counted from the tracker: ${g.title} (${g.program}) · approved ${g.approvedAt} · ` +
          `${money(g.amount)} as government assistance (${JURISDICTION_LABELS[g.jurisdiction]})` +
          `${project ? ` · project: ${project}` : ''}` +
          `${g.effect === null ? '' : ` · lowers the credit by ${money(g.effect)}`}` +
          `${g.stillApproved ? '' : ' · no longer marked approved in the tracker'}`,
      );
    }
    for (const l of assistance)
      p(
        `${l.date} · ${EXPENSE_CATEGORY_LABELS[l.category]} · ${money(l.amount)} · ${l.description || l.account}` +
          ` (${l.source} row ${l.row}, ${JURISDICTION_LABELS[l.jurisdiction]})`,
      );

    h2('3. Projects (T661 Part 2)');
    if (view.projects.length === 0) p('No projects recorded.');
    for (const [i, proj] of view.projects.entries()) {
      h3(`${i + 1}. ${proj.title}`);
      field('Field code', proj.fieldCode);
      field('Dates', `${proj.startDate ?? 'not given'} to ${proj.endDate ?? 'not given'}`);
      field('Key personnel', proj.keyPersonnel);
      for (const key of ['uncertainty', 'work', 'advancements'] as const) {
        doc.moveDown(0.2);
        field(`Line ${T661_WORD_LIMITS[key].line}`, proj[key]);
      }
      doc.moveDown(0.2);
      if (proj.checks.length === 0)
        note('Offline checks: no findings (the checks read the text; they cannot say the work qualifies).');
      else for (const c of proj.checks) note(`Check: ${c.message}`);
    }

    h2('4. Evidence index');
    for (const [i, proj] of view.projects.entries()) {
      h3(`${i + 1}. ${proj.title}`);
      const log = evidenceLog(proj.evidence);
      const own = files.filter((f) => f.projectId === proj.id);
      if (log.length === 0 && own.length === 0) p('No evidence recorded.');
      for (const e of log) p(`${e.date ?? 'undated'} · ${e.item}`);
      for (const f of own)
        p(
          `${f.uploadedAt.slice(0, 10)} (uploaded) · file ${f.name} · ${f.sizeBytes} bytes · SHA-256 ${f.sha256} · ` +
            (f.stored ? `in the ZIP at ${f.path}` : 'no longer stored: not in the ZIP'),
        );
    }

    h2('5. Time records');
    if (view.time.length === 0) p('No time records: salaries count for nothing until hours are recorded.');
    for (const e of view.time) p(`${e.person} · ${projectTitle(view, e.projectId)} · ${e.hours} h`);

    h2('6. Expense lines and their classification');
    if (view.lines.length === 0) p('No expense lines imported.');
    for (const l of view.lines) {
      doc.moveDown(0.3);
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .text(
          `${l.source} row ${l.row} · ${l.date ?? 'no date'} · ${money(l.amount)} · ${l.description || l.account || '—'}`,
        );
      if (l.error) note(`Not counted: ${l.error}`);
      p(
        `Rule: ${EXPENSE_CATEGORY_LABELS[l.ruleCategory]}. ${l.ruleReason} → category: ${EXPENSE_CATEGORY_LABELS[l.category]}; counted ${money(l.counted)}` +
          (l.sredShare === null ? '' : ` (${Math.round(l.sredShare * 10_000) / 100}% SR&ED time)`),
      );
      for (const o of l.overrides)
        note(
          `Override ${o.at}: ${EXPENSE_CATEGORY_LABELS[o.from]} → ${EXPENSE_CATEGORY_LABELS[o.to]}. Why: ${o.reason}`,
        );
    }
    doc.end();
  });
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
): { fileName: string; stream: Readable } {
  const out = new PassThrough();
  const mtime = new Date(`${preparedOn}T00:00:00Z`);
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (path: string, data: Uint8Array) => {
    // Level 6 deflate: CSVs and text shrink well; PDFs and images are stored nearly as they are.
    const entry = new ZipDeflate(path, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(data, true);
    // The reader is slower than the disk: wait for it before loading the next file (or for the
    // stream to close, when the client went away).
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  void (async () => {
    const read: EvidenceFile[] = [];
    for (const f of files) {
      // A download the client abandoned loads nothing more.
      if (out.destroyed) return;
      const data = await load(f);
      if (data) await add(f.path, data);
      read.push({ ...f, stored: data !== undefined });
    }
    await add('audit-defence.pdf', await renderAuditPdf(view, read, preparedOn));
    await add('expense-lines.csv', Buffer.from(expenseLinesCsv(view), 'utf8'));
    await add('time-records.csv', Buffer.from(timeRecordsCsv(view), 'utf8'));
    zip.end();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  const fileName = `sred-audit-package-${safeName(view.settings.name, 'claim').replace(/\s+/g, '-')}-${view.settings.taxYearEnd}.zip`;
  return { fileName, stream: out };
}
