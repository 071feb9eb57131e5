import { classifyLine, parseAmount, parseIsoDate, parseJurisdiction } from '@grantleaf/shared/sred/classify';
import {
  IMPORT_FIELDS,
  SRED_LIMITS,
  type ImportFile,
  type ImportMapping,
} from '@grantleaf/shared/sred/sred.schema';
import {
  DOCUMENT_TOO_HEAVY,
  ExtractionLimitError,
  parseTableRows,
} from '../../adapters/text-extraction/text-extraction.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../errors.ts';
import { mutateClaim } from './sred-claim.ts';
import * as repo from './sred.repository.ts';
import type { LineData, SredClaimRow } from './sred.schema.ts';

/**
 * Reading a ledger or payroll file into the claim's expense lines (ADR 0341, 0661): the table,
 * the suggested mapping, and each row's line with its problems. Moved out of sred.service.ts
 * unchanged (ADR 1180), so the service's closure holds only what needs the database.
 */

export const IMPORT_MESSAGES = {
  linesFull: (room: number) =>
    `A claim holds at most ${SRED_LIMITS.lines} expense lines; this file has more rows than the ${room} still free. Split it or remove an earlier import.`,
  csvUnreadable: 'This file could not be read as CSV (UTF-8, comma-separated, a header row first).',
  xlsxUnreadable:
    'This file could not be read as an Excel workbook (.xlsx): its first sheet needs a header row first.',
  noRows: 'The file has a header row but no rows under it.',
  unknownColumn: (c: string) => `The column “${c}” is not in the file’s header.`,
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

export function suggestMapping(headers: string[]): Partial<ImportMapping> {
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

export async function parseTable(
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
    throw badRequest(xlsx ? IMPORT_MESSAGES.xlsxUnreadable : IMPORT_MESSAGES.csvUnreadable);
  }
  const [header, ...body] = rows;
  if (!header || header.every((h) => h.trim() === ''))
    throw badRequest('xlsx' in file ? IMPORT_MESSAGES.xlsxUnreadable : IMPORT_MESSAGES.csvUnreadable);
  return { headers: header.map((h) => h.trim()), rows: body };
}

/** A row with no cell filled in (a spreadsheet's blank row): skipped, not reported as an error. */
export function isBlank(row: string[]): boolean {
  return row.every((c) => c.trim() === '');
}

export type Cell = (row: string[], field: keyof ImportMapping) => string;

/** Reads a row's cell by the mapping; 400 when the mapping names a column the header lacks. */
export function cellReader(headers: string[], mapping: ImportMapping): Cell {
  const index: Partial<Record<keyof ImportMapping, number>> = {};
  for (const [field, column] of Object.entries(mapping) as [keyof ImportMapping, string | null][]) {
    if (column === null) continue;
    const i = headers.indexOf(column);
    if (i < 0) throw badRequest(IMPORT_MESSAGES.unknownColumn(column));
    index[field] = i;
  }
  return (row, field) => {
    const i = index[field];
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
}

/** One row's expense line: a row that cannot be read keeps its error and counts for nothing. */
export function importedLine(
  claim: SredClaimRow,
  source: 'ledger' | 'payroll',
  row: string[],
  rowNo: number,
  cell: Cell,
) {
  const problems: string[] = [];
  const rawDate = cell(row, 'date');
  const date = parseIsoDate(rawDate);
  if (!date) problems.push(`date “${rawDate}” is not YYYY-MM-DD`);
  else if (date < claim.taxYearStart || date > claim.taxYearEnd)
    problems.push(`date ${date} is outside the tax year ${claim.taxYearStart} to ${claim.taxYearEnd}`);
  const rawAmount = cell(row, 'amount');
  const amount = parseAmount(rawAmount);
  if (amount === null) problems.push(`amount “${rawAmount}” is not a number`);
  else if (amount < 0) problems.push('a negative amount (a reversal) is not imported; enter the net amount');
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
  const { category, reason } = classifyLine(source, data.account, data.description);
  return {
    userId: claim.userId,
    claimId: claim.id,
    source,
    rowNo,
    data,
    ruleCategory: category,
    ruleReason: reason,
    category,
    overrides: [],
  };
}

export async function previewImport(db: Db, userId: string, id: string, file: ImportFile) {
  if (!(await repo.findClaim(db, userId, id))) throw notFound();
  const { headers, rows } = await parseTable(userId, file);
  const filled = rows.filter((r) => !isBlank(r));
  return {
    headers,
    rows: filled.slice(0, 5),
    rowCount: filled.length,
    suggested: suggestMapping(headers),
  };
}

/**
 * Imports every row: a row that cannot be read is kept with its error (and counts for
 * nothing) so the user sees it and nothing is lost; the others are classified by the rules.
 */
export async function importRows(
  db: Db,
  userId: string,
  id: string,
  source: 'ledger' | 'payroll',
  file: ImportFile,
  mapping: ImportMapping,
) {
  if (!(await repo.findClaim(db, userId, id))) throw notFound();
  const { headers, rows } = await parseTable(userId, file);
  if (rows.every(isBlank)) throw badRequest(IMPORT_MESSAGES.noRows);
  const cell = cellReader(headers, mapping);
  const errors: { row: number; message: string }[] = [];
  let imported = 0;
  await mutateClaim(db, userId, id, async (tx, claim) => {
    const room = SRED_LIMITS.lines - (await repo.countLines(tx, userId, id));
    const filled = rows.flatMap((row, i) => (isBlank(row) ? [] : [{ row, rowNo: i + 2 }]));
    if (filled.length > room) throw conflict(IMPORT_MESSAGES.linesFull(room));
    // The header is row 1, as a spreadsheet numbers them; blank rows keep their numbers.
    const values = filled.map(({ row, rowNo }) => {
      const line = importedLine(claim, source, row, rowNo, cell);
      if (line.data.error) errors.push({ row: rowNo, message: line.data.error });
      else imported += 1;
      return line;
    });
    await repo.insertLines(tx, values);
  });
  return { imported, errors };
}
