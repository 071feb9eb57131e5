/**
 * A spreadsheet cell (RFC 4180): always quoted, and a leading = + - @ tab or carriage return made
 * inert with an apostrophe, so a cell a user typed is never run as a formula (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows of cells as one CSV text, CRLF line ends, the first row being the header. */
export function csvTable(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
