import type { ApplicantProfile } from '@grantleaf/shared/eligibility';
import { FIELD_LABEL } from '@grantleaf/shared/eligibility-fields';
import type { ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import { COUNTRY_NAME, SUBDIVISION_BY_CODE, type Country } from '@grantleaf/shared/locations';
import { PROGRAM_TYPES } from '@grantleaf/shared/programs.schema';
import { applicantWords, deadlineText, fundingRangeOf } from './explain.ts';
import type { IneligibleProgram, NotOpenProgram, RankedProgram } from './types.ts';

/** How many ranked programs the results list (the first five explained). */
export const PROGRAMS_SHOWN = 10;

// The "Not eligible" list names the curated programs set aside, not every import.
const NOT_ELIGIBLE_SHOWN = 60;

const TYPE_LABEL = new Map<string, string>(PROGRAM_TYPES.map((t) => [t.value, t.label]));

function firstSentences(text: string | null, max = 320): string {
  if (!text) return '';
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const end = cut.lastIndexOf('. ');
  return end > 80 ? cut.slice(0, end + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}

export const LOCATION_UNKNOWN_NOTICE =
  'Your request does not say where you are based, so programs open only in Canada or only in the United States are both listed. Add your city and province or state to the team profile to see only the programs you can apply to.';

/** Says where the country came from, so a researcher based elsewhere knows how to correct it. */
export const accountCountryNotice = (from: { country: Country; domain: string }) =>
  `Your request does not say where you are based, so programs are matched for ${COUNTRY_NAME[from.country]}, where your account's e-mail address (${from.domain}) places you. Add your city and province or state to the team profile to match elsewhere, or to include programs of one province or state.`;

const FACT_WORDS: Array<[keyof ApplicantFacts, string]> = [
  ['kind', 'who applies'],
  ['country', 'country'],
  ['region', 'province or state'],
  ['fields', 'field'],
  ['careerStage', 'career stage'],
  ['careerStartYear', 'first appointment'],
  ['degreeYear', 'degree year'],
  ['clinicalDoctorate', 'clinical doctorate'],
  ['citizenship', 'citizenship'],
  ['employees', 'employees'],
  ['ownedInCountry', 'ownership'],
  ['r15EligibleInstitution', 'NIH R15 institution'],
  ['indigenous', 'Indigenous organization'],
];

const KIND_NOUN: Record<NonNullable<ApplicantProfile['kind']>, string> = {
  researcher: 'university researcher',
  postdoc: 'postdoctoral researcher',
  student: 'student',
  company: 'company',
  'non-profit': 'non-profit organization',
};

/**
 * Who the search matched and where each fact came from (issue 25 §1: "the results say what was
 * assumed"): the profile's stated facts, else the request's words, named one by one ("Read from
 * your text: company in British Columbia — set your profile to be sure"); unknown facts excluded
 * nothing.
 */
export function applicantNote(who: ApplicantProfile, facts: ApplicantFacts | null): string | null {
  const you = applicantWords(who);
  const region = who.regions[0] ? SUBDIVISION_BY_CODE.get(who.regions[0])?.name : null;
  const field = who.fields[0] ? FIELD_LABEL[who.fields[0]] : null;
  if (!you && !field && !region) return null;
  const parts = [
    you ? `Matched for ${you}` : 'Matched for an applicant whose kind is not stated',
    region ? ` in ${region}` : '',
    field ? `, working in ${field}` : '',
    '.',
  ].join('');
  const given = facts
    ? FACT_WORDS.filter(([key]) => {
        const value = facts[key];
        return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
      }).map(([, words]) => words)
    : [];
  // The facts the rules read from the request's words, each as read.
  const stated = new Set(who.stated?.fromProfile ?? []);
  const place =
    !stated.has('region') && region
      ? region
      : !stated.has('country') && who.country
        ? COUNTRY_NAME[who.country]
        : null;
  const kind = !stated.has('kind') && who.kind ? KIND_NOUN[who.kind] : null;
  const readField = !stated.has('fields') && field ? field : null;
  const written = who.stated?.fromText ?? [];
  const years = [
    written.includes('careerStartYear') ? `first appointment ${who.stated?.careerStartYear}` : null,
    written.includes('degreeYear') ? `PhD ${who.stated?.degreeYear}` : null,
  ];
  const read = [kind && place ? `${kind} in ${place}` : (kind ?? place), readField, ...years]
    .filter(Boolean)
    .join(', ');
  const fromText = read
    ? ` Read from your text: ${read} — set your applicant profile on the Account page to be sure.`
    : '';
  const source =
    given.length > 0
      ? ` From your applicant profile: ${given.join(', ')}.${fromText}`
      : fromText || ' No applicant profile: set yours on the Account page so rules read what you state.';
  return `${parts}${source} A fact neither gives rules nothing out.`;
}

/**
 * The spec's fundingResults: every ranked program in brief, and the top ones explained; with
 * `ineligible`, a separate "Not eligible, because…" list the user can ask to see.
 */
export function toFundingResults(
  ranked: RankedProgram[],
  opts: {
    programs?: number;
    recommendations?: number;
    ineligible?: IneligibleProgram[];
    notOpen?: NotOpenProgram[];
    applicant?: ApplicantProfile;
    /** The stated facts the search used (profile plus override): named in the applicant note. */
    facts?: ApplicantFacts | null;
    countryFromAccount?: { country: Country; domain: string } | null;
  } = {},
) {
  const top = ranked.slice(0, opts.programs ?? PROGRAMS_SHOWN);
  // Location rules are checked only against a known location; say where it came from, or that
  // there was none, rather than imply it.
  const notice = opts.countryFromAccount
    ? accountCountryNotice(opts.countryFromAccount)
    : opts.applicant && opts.applicant.country === null
      ? LOCATION_UNKNOWN_NOTICE
      : null;
  const note = opts.applicant ? applicantNote(opts.applicant, opts.facts ?? null) : null;
  return {
    ...(notice ? { notice } : {}),
    ...(note ? { applicant_note: note } : {}),
    ...(opts.notOpen
      ? {
          not_open: opts.notOpen.map(({ program: p, intake, nextDate }) => ({
            program_name: p.name,
            agency_name: p.agency,
            program_id: p.id,
            intake,
            next_date: nextDate,
          })),
        }
      : {}),
    ...(opts.ineligible
      ? {
          not_eligible: opts.ineligible.slice(0, NOT_ELIGIBLE_SHOWN).map(({ program: p, reasons }) => ({
            program_name: p.name,
            agency_name: p.agency,
            program_id: p.id,
            because: reasons.join(' '),
            reasons,
          })),
        }
      : {}),
    funding_programs: top.map(({ program: p }) => ({
      program_name: p.name,
      agency_name: p.agency,
      funding_range: fundingRangeOf(p),
      deadline: deadlineText(p),
    })),
    recommendations: top.slice(0, opts.recommendations ?? 5).map(({ program: p, reasons }) => ({
      name: p.name,
      agency: p.agency,
      description:
        `${TYPE_LABEL.get(p.programType) ?? 'Program'} (${p.jurisdiction}). ${firstSentences(p.description)}`.trim(),
      eligibility: firstSentences(p.eligibility, 500),
      funding_range: fundingRangeOf(p),
      deadline: deadlineText(p),
      why_it_matched: reasons.join(' '),
      program_id: p.id,
      url: p.url,
    })),
  };
}
