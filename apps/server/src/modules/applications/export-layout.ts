import type { ExportLayout } from '../submissions/index.ts';

/**
 * The page an application is exported on (issue 16 §6, ADR 0160), read from the program template's
 * formatting rule ("12-point Times New Roman, margins of at least 3/4 inch (2 cm)…"): the family
 * named first, the stated size (never under SMALLEST_PT, which every funder's minimum allows), the
 * stated minimum margins; page numbers always. Without a rule: Arial-like 11 pt on 1-inch margins.
 */

/** The smallest body size exported: NSF's "10-point or larger" is met, and 11 pt stays easy to read. */
const SMALLEST_PT = 11;
const DEFAULT: ExportLayout = { font: 'sans', sizePt: SMALLEST_PT, marginInches: 1, pageNumbers: true };
const CM_PER_INCH = 2.54;

const SERIF = /times|georgia|garamond|palatino|cambria|serif(?!\s*-)/i;
const SANS = /arial|helvetica|calibri|verdana|sans[- ]serif/i;

function firstFamily(rule: string): ExportLayout['font'] | null {
  const serif = rule.search(SERIF);
  const sans = rule.search(SANS);
  if (serif < 0 && sans < 0) return null;
  if (serif < 0) return 'sans';
  if (sans < 0) return 'serif';
  return serif < sans ? 'serif' : 'sans';
}

function margin(rule: string): number | null {
  const inches = /margins?[^.;]*?(\d+(?:\.\d+)?|\d\/\d)\s*(?:inch|in\b|")/i.exec(rule);
  if (inches) {
    const [num, den] = inches[1]!.split('/').map(Number);
    return den ? num! / den : num!;
  }
  const cm = /margins?[^.;]*?(\d+(?:\.\d+)?)\s*cm\b/i.exec(rule);
  return cm ? Number(cm[1]) / CM_PER_INCH : null;
}

export function exportLayout(formatting: string | null | undefined): ExportLayout {
  if (!formatting) return DEFAULT;
  const size = /(\d{1,2}(?:\.\d)?)\s*-?\s*(?:point|pt)\b/i.exec(formatting);
  return {
    font: firstFamily(formatting) ?? DEFAULT.font,
    sizePt: Math.max(size ? Number(size[1]) : SMALLEST_PT, SMALLEST_PT),
    marginInches: margin(formatting) ?? DEFAULT.marginInches,
    pageNumbers: true,
  };
}
