import type { PlanStatus, ResponseSection } from '@grantleaf/shared/reviews.schema';
import { optionalSections } from '../assess/section-synonyms.ts';
import { countWords } from '../text/index.ts';

/**
 * The funder's response section written offline from the plan (issue 27 §3; ADR 0331): a
 * structured text made only of the reviewers' quoted words and the applicant's own words from the
 * plan rows. It never claims a change the versions do not show: a row marked done enters only when
 * its sections changed since the reviewed version; planned rows are listed as unanswered; declined
 * rows enter with the applicant's reason. The heading and the limit are the program's (data/
 * section-synonyms.json, with its sources), never guessed.
 */

export interface ResponseRow {
  id: string;
  source: string;
  criterion: string;
  kind: 'strength' | 'weakness';
  quote: string;
  status: PlanStatus;
  plannedChange: string;
  declineReason: string;
  /** Headers of the sections the row concerns. */
  sectionHeaders: string[];
  /** Words changed in those sections since the reviewed version; null when that version is gone. */
  changed: { added: number; removed: number } | null;
}

/** A quote shortened to its first words, with an ellipsis: still only the reviewer's words. */
const QUOTE_WORDS = 30;
function shortQuote(quote: string): string {
  const words = quote.split(/\s+/);
  return words.length <= QUOTE_WORDS ? quote : `${words.slice(0, QUOTE_WORDS).join(' ')} …`;
}

/** Summary of discussion and panel/committee texts first, then reviewers in their order. */
function sourceRank(source: string): [number, number, string] {
  const n = /^Reviewer (\d+)$/.exec(source);
  if (n) return [1, Number(n[1]), source];
  return [0, 0, source];
}

export function showsChange(row: Pick<ResponseRow, 'changed' | 'sectionHeaders'>): boolean {
  return row.sectionHeaders.length > 0 && row.changed !== null && row.changed.added + row.changed.removed > 0;
}

/** Where the response goes: the program profile's resubmission section, or a generic heading with no limit. */
export interface ResponseTarget {
  heading: string;
  /** The limit as the funder states it, counted in words; null when none is known. */
  limit: { text: string; words: number; note: string; sources: string[] } | null;
}

/**
 * The target from a program profile's resubmission section (ai/profile, ADR 0241) and the sources
 * section-synonyms.json gives for it; pages count at the profile's words per page.
 */
export function responseTarget(
  resubmission: { name: string; limit: string | null; counted: { max: number; unit: string } | null } | null,
  wordsPerPage: number,
  programId: string | null,
): ResponseTarget {
  const data = optionalSections({ id: programId ?? '' }).find((o) => o.name === resubmission?.name);
  const heading = resubmission?.name ?? data?.name ?? 'Response to Previous Reviews';
  const counted = resubmission?.counted;
  if (!resubmission?.limit || !counted) return { heading, limit: null };
  const words =
    counted.unit === 'pages'
      ? Math.round(counted.max * wordsPerPage)
      : counted.unit === 'words'
        ? counted.max
        : 0;
  if (!words) return { heading, limit: null };
  return {
    heading,
    limit: {
      text: resubmission.limit,
      words,
      note: [
        counted.unit === 'pages' ? `${resubmission.limit}, estimated at ${wordsPerPage} words per page.` : '',
        data?.note ?? '',
      ]
        .filter(Boolean)
        .join(' '),
      sources: data?.sources ?? [],
    },
  };
}

export function responseSection(input: {
  target: ResponseTarget;
  reviewedVersion: number;
  rows: ResponseRow[];
}): ResponseSection {
  const { heading, limit } = input.target;

  const weaknesses = input.rows
    .filter((r) => r.kind === 'weakness')
    .sort((a, b) => {
      const [ga, na, sa] = sourceRank(a.source);
      const [gb, nb, sb] = sourceRank(b.source);
      return ga - gb || na - nb || sa.localeCompare(sb);
    });

  const unanswered: ResponseSection['unanswered'] = [];
  const leftOut: ResponseSection['leftOut'] = [];
  const entries: { source: string; criterion: string; lines: string[] }[] = [];
  for (const r of weaknesses) {
    if (r.status === 'planned') {
      unanswered.push({ id: r.id, source: r.source, quote: r.quote });
      continue;
    }
    if (r.status === 'declined') {
      if (!r.declineReason.trim()) {
        unanswered.push({ id: r.id, source: r.source, quote: r.quote });
        continue;
      }
      entries.push({
        source: r.source,
        criterion: r.criterion,
        lines: [`Critique: "${shortQuote(r.quote)}"`, `Not changed: ${r.declineReason.trim()}`],
      });
      continue;
    }
    // Done: only what the versions show, described only in the applicant's words.
    if (!r.plannedChange.trim()) {
      leftOut.push({
        id: r.id,
        source: r.source,
        quote: r.quote,
        reason: 'Marked done, but no change is described in the plan.',
      });
      continue;
    }
    if (!showsChange(r)) {
      leftOut.push({
        id: r.id,
        source: r.source,
        quote: r.quote,
        reason:
          r.sectionHeaders.length === 0
            ? 'Marked done, but no section is chosen for it, so the change cannot be shown.'
            : r.changed === null
              ? `Marked done, but version ${input.reviewedVersion} (the one reviewed) is no longer kept, so the change cannot be shown.`
              : `Marked done, but ${r.sectionHeaders.join(', ')} show${r.sectionHeaders.length === 1 ? 's' : ''} no change since version ${input.reviewedVersion}.`,
      });
      continue;
    }
    entries.push({
      source: r.source,
      criterion: r.criterion,
      lines: [
        `Critique: "${shortQuote(r.quote)}"`,
        `Response: ${r.plannedChange.trim()}`,
        `Changed in: ${r.sectionHeaders.join(', ')}.`,
      ],
    });
  }

  const body: string[] = [heading];
  let last = '';
  for (const e of entries) {
    const head = e.criterion === 'General' ? e.source : `${e.source}, ${e.criterion}`;
    if (head !== last) body.push('', head);
    else body.push('');
    last = head;
    body.push(...e.lines);
  }
  const text = body.join('\n');
  const words = countWords(text);
  return {
    heading,
    text,
    words,
    limit,
    overLimit: limit !== null && words > limit.words,
    unanswered,
    leftOut,
  };
}
