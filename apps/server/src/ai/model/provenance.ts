import type { ProgramSectionsEntry } from '@grantleaf/shared/program-sections.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { buildWorkPlan } from '../check/budget.ts';
import { splitList } from '../text/index.ts';

/**
 * Provenance of a model's text: every number, date and multi-word name in it must come from the
 * applicant's material or the program data (or be a figure the checks derive from them).
 */

export interface ProvenanceSources {
  /** Lower-cased text of the material and the program data, whitespace collapsed. */
  text: string;
  numbers: Set<string>;
  /** Small counts a section may state without a source (objectives, milestones, sections). */
  maxCount: number;
}

export function provenanceSources(
  program: GrantProgram,
  entry: ProgramSectionsEntry,
  form: GenerationForm,
): ProvenanceSources {
  const material = JSON.stringify(form);
  const programData = `${JSON.stringify(program)} ${JSON.stringify(entry)}`;
  const all = `${material} ${programData}`;
  const numbers = new Set(numbersIn(all));
  // Amounts the checks derive (sums, per-year figures, cost-share shares) are traceable too.
  const plan = buildWorkPlan(form);
  numbers.add(normaliseNumber(String(plan.milestoneBudgetSum)));
  for (const r of plan.rows) if (r.durationDays !== null) numbers.add(String(r.durationDays));
  if (plan.totalDurationDays !== null) numbers.add(String(plan.totalDurationDays));
  return {
    text: normalise(all),
    numbers,
    maxCount: Math.max(splitList(form.keyObjectives).length, plan.rows.length, entry.sections.length),
  };
}

const NUMBER_RE = /\d[\d,]*(?:\.\d+)?/g;

function normaliseNumber(n: string): string {
  const plain = n.replace(/,/g, '');
  return String(Number(plain));
}

/** Every number in `text`, without thousands separators ("2,000" and "2000" are one). */
export function numbersIn(text: string): string[] {
  return (text.match(NUMBER_RE) ?? []).map(normaliseNumber);
}

/** Numbers (amounts, dates, counts) and multi-word names in `body` that no source has. */
export function untracedItems(body: string, sources: ProvenanceSources): string[] {
  const out = new Set<string>();
  for (const m of body.matchAll(/\d[\d,]*(?:\.\d+)?(?:\s?(?:%|k|K|M|million|billion))?/g)) {
    const raw = m[0];
    const value = normaliseNumber((raw.match(NUMBER_RE) ?? [''])[0] ?? '');
    const scaled = /k\b|K\b/.test(raw)
      ? String(Number(value) * 1_000)
      : /M\b|million/.test(raw)
        ? String(Number(value) * 1_000_000)
        : value;
    if (sources.numbers.has(value) || sources.numbers.has(scaled)) continue;
    if (/^\d+$/.test(raw) && Number(raw) <= sources.maxCount) continue;
    out.add(raw.trim());
  }
  // Names: two or more capitalised words inside a sentence (a sentence's first word may be any word).
  for (const m of body.matchAll(
    /(?<=[a-z,;:]\s)(\p{Lu}[\p{L}&.'-]+(?:\s+(?:of|de|du|for)?\s*\p{Lu}[\p{L}&.'-]+)+)/gu,
  )) {
    // A sentence's full stop is not part of the name; "Inc." keeps its own.
    const name = m[1]!.trim().replace(/(?<!\b(?:Inc|Ltd|Corp|Co))\.$/, '');
    if (!sources.text.includes(normalise(name))) out.add(name);
  }
  return [...out];
}

export function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
