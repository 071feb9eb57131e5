import type { GrantProgram } from '../profile/program.ts';
import { funderByAgency, limitText } from '../profile/data.ts';
import { programShape } from '../profile/sections.ts';

/**
 * How long the funder expects the narrative to be, so a short text gets a finding ("97 words;
 * NSERC expects up to 5 pages for the Proposal") instead of silent zeros. Read from the program's
 * section limits in program-sections.json or the catalogue (the longest narrative part); a
 * program whose sections state no length gets only the plain floor below, with no funder claim.
 */

/** Below this share of the expected length a text is far shorter than the funder expects. */
export const SHORT_SHARE = 0.25;
/** Below this many words most required elements cannot be judged, whatever the funder. */
export const FEW_WORDS = 150;

export interface ExpectedLength {
  words: number;
  /** "NSERC expects up to 5 pages for the Proposal". */
  statement: string;
}

export function expectedLength(program: GrantProgram): ExpectedLength | null {
  const { entry, basis } = programShape(program);
  // The general template's lengths are our suggestion, not the funder's requirement.
  if (basis === 'general') return null;
  const parts = [
    ...entry.sharedLimits.map((s) => ({ header: s.header, limit: s.limit })),
    // A section that asks for none of the proposal's topics (a bibliography) is not the narrative.
    ...entry.sections.filter((s) => s.topics.length > 0).map((s) => ({ header: s.header, limit: s.limit })),
  ];
  let best: ExpectedLength | null = null;
  for (const { header, limit } of parts) {
    if (!limit || limit.unit === 'characters') continue;
    const words = limit.unit === 'pages' ? limit.max * entry.wordsPerPage : limit.max;
    if (best && best.words >= words) continue;
    const name = header.length > 60 ? (header.split(/[:(]/)[0] ?? header).trim() : header;
    best = { words, statement: `${funderName(program)} expects up to ${limitText(limit)} for the ${name}` };
  }
  return best;
}

/** The finding for a text far shorter than the funder expects, or null. */
export function shortTextFinding(program: GrantProgram, words: number): string | null {
  if (words === 0) return 'the text is empty';
  const expected = expectedLength(program);
  if (expected && words < SHORT_SHARE * expected.words) return `${words} words; ${expected.statement}`;
  if (!expected && words < FEW_WORDS)
    return `${words} words; too short for most required elements to be judged`;
  return null;
}

/**
 * The funder as applicants name it: the name funders.json gives the catalogue's agency ("NIH"
 * for "National Institutes of Health (HHS)"), else the first acronym the agency gives ("…
 * Council of Canada (NSERC)"), else the agency's first name without its detail ("U.S.
 * Department of Defense").
 */
export function funderName(program: GrantProgram): string {
  const agency = program.agency ?? '';
  const named = funderByAgency(agency);
  if (named) return named;
  const acronym = /\(([A-Z][A-Z&-]{1,11})\)/.exec(agency)?.[1];
  if (acronym) return acronym;
  // Brackets first: "(DHA / CDMRP)" and "(non-profit; founded …)" are detail, not other funders.
  const first = (agency.replace(/\s*\([^)]*\)/g, '').split(/\s+\/\s+|;/)[0] ?? '').trim();
  return first || program.name;
}
