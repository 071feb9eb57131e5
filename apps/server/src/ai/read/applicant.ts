import fs from 'node:fs';
import { z } from 'zod';
import type { ApplicantKind, ApplicantProfile } from '@grantleaf/shared/eligibility';
import { applicantFields } from '@grantleaf/shared/eligibility-fields';
import { parseLocation, type Country, type Location } from '@grantleaf/shared/locations';
import { alternation, sentenceSpans } from '../text/index.ts';
import { readAmounts } from './amounts.ts';
import { phraseRe } from './cues.ts';
import { emptyFacts, requestedAmount } from './facts.ts';
import { institutionPlaces } from './institutions.ts';

/**
 * Who applies, where, in what field and at what stage, read from a funding request when the
 * applicant profile is empty or silent (issue 25 §1, ADR 0520). The words are data
 * (applicant-cues.json), matched by the fact reader's phrase matcher; places come from the one
 * place list (shared/locations) and the institution names of the swot data; sentences, amounts
 * and numbers from the text layer. What the text does not say stays null: unknown never excludes.
 */

const phrases = z.array(z.string().min(1)).min(1);
const applicantCuesSchema = z.object({
  kinds: z.object({
    company: phrases,
    researcher: phrases,
    postdoc: phrases,
    student: phrases,
    'non-profit': phrases,
  }),
  academicPlace: phrases,
  partner: phrases,
  partnerPlaces: phrases,
  indigenousOrganisation: phrases,
  earlyCareer: phrases,
  established: phrases,
  headcount: phrases,
  studentLevel: z.object({ graduate: phrases, undergraduate: phrases }),
  careerYears: z.object({
    careerStart: phrases,
    appointed: phrases,
    careerStartNot: phrases,
    degree: phrases,
    degreeNot: phrases,
  }),
  /** Words that call the project interdisciplinary (NFRF Exploration requires two disciplines, ADR 1034). */
  interdisciplinary: phrases,
});
type ApplicantCues = z.infer<typeof applicantCuesSchema>;

let cached: ApplicantCues | undefined;
export function applicantCues(): ApplicantCues {
  cached ??= applicantCuesSchema.parse(
    JSON.parse(fs.readFileSync(new URL('./applicant-cues.json', import.meta.url), 'utf8')),
  );
  return cached;
}

const count = (text: string, key: string, list: string[]) =>
  [...text.matchAll(phraseRe(`applicant:${key}`, list))].length;
const says = (text: string, key: string, list: string[]) => count(text, key, list) > 0;

/**
 * How much each kind's words count. The team profile says who applies; the details often name a
 * partner ("the company will match the funding"), so they count for a quarter as much. A student
 * or postdoc says so in the team profile, and saying it outweighs the university they are at
 * ("PhD candidate at UBC" is a student, not a researcher); a researcher's words are many and
 * generic ("university", "department of"), a company's few and specific.
 */
const KIND_WEIGHT: Record<ApplicantKind, { team: number; details: number }> = {
  company: { team: 2, details: 0.5 },
  researcher: { team: 2.4, details: 0.6 },
  postdoc: { team: 3, details: 0 },
  student: { team: 3, details: 0 },
  'non-profit': { team: 3, details: 0.75 },
};

/**
 * A title given to someone the applicant works with ("the postdoctoral research is with Bob Montgomerie,
 * professor in the biology department") is that person's, not the applicant's: "with", a personal name
 * of two or three capitalised words, a comma, then the appositive up to the clause's end. Blanked before
 * the kinds are counted (ADR 1161: a postdoc so described was read as faculty, Banting not ranked).
 */
const OTHERS_TITLE =
  /(?<=\bwith\s+(?:(?:Dr|Prof)\.?\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2},\s*)[^,;.()]+/gu;
const withoutOthersTitles = (team: string) => team.replace(OTHERS_TITLE, (m) => ' '.repeat(m.length));

function readKind(fullTeam: string, details: string): ApplicantKind | null {
  const { kinds, academicPlace } = applicantCues();
  if (companyNamedFirst(fullTeam)) return 'company';
  const team = withoutOthersTitles(fullTeam);
  const scores = (Object.keys(KIND_WEIGHT) as ApplicantKind[]).map((kind) => {
    const w = KIND_WEIGHT[kind];
    const list = kinds[kind];
    return [kind, w.team * count(team, kind, list) + w.details * count(details, kind, list)] as const;
  });
  const best = [...scores].sort((a, b) => b[1] - a[1])[0]!;
  if (best[1] > 0) return best[0];
  // A university, department or lab says where an academic works, not who they are: it decides
  // only when no role is named ("Department of History, Acadia University" is a researcher; a
  // "PhD candidate in the Department of Biology" is a student). The institutions are the ones the
  // institution data knows (ADR 0930), whatever they call themselves: "Adeeb Khalid, Carleton
  // College" teaches at a college, and a college's faculty apply as professors do.
  const w = KIND_WEIGHT.researcher;
  const place =
    w.team * (count(team, 'place', academicPlace) + institutionPlaces(team).length) +
    w.details * count(details, 'place', academicPlace);
  return place > 0 ? 'researcher' : null;
}

/**
 * Who applies is named first: a company's words ("Inc.", "a company", "startup") in the team
 * profile's opening clause, before anyone's role, name the applicant, and the people named after
 * them are its staff ("Silicon BioDevices, Inc.; principal investigator Rajinder Bhatia",
 * "Rescue Biomedical, a company led by researchers at Purdue University").
 */
function companyNamedFirst(team: string): boolean {
  const { kinds } = applicantCues();
  const opening = team.split(/[;(]/)[0] ?? '';
  const first = (kind: ApplicantKind) =>
    Math.min(
      ...[...opening.matchAll(phraseRe(`applicant:${kind}`, kinds[kind]))].map((m) => m.index),
      Infinity,
    );
  const company = first('company');
  return (
    company < Infinity &&
    (['researcher', 'postdoc', 'student', 'non-profit'] as const).every((kind) => first(kind) > company)
  );
}

/**
 * The text with the places of partners, field sites and markets blanked ("with partners in the
 * Northwest Territories", "customers in California"): those places are not where the applicant is.
 */
export function withoutPartnerPlaces(text: string): string {
  const cue = phraseRe('applicant:partnerPlaces', applicantCues().partnerPlaces);
  let out = text;
  for (const sentence of sentenceSpans(text)) {
    for (const m of sentence.text.matchAll(cue)) {
      const from = m.index + m[0].length;
      // The partners' place runs to the end of the clause: a semicolon, or a comma or "and" that
      // opens a clause of the applicant's own ("…in California; we are in Kelowna").
      const stop = CLAUSE_END.exec(sentence.text.slice(from));
      const to = stop ? from + stop.index : sentence.text.length;
      const start = sentence.start + from;
      const end = sentence.start + to;
      out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
    }
  }
  return out;
}

const CLAUSE_END = /[;:]|,?\s+(?:and|but|while|whereas|et|mais)?\s*(?:we|our|i|nous|notre|je)\b/iu;

const majority = (countries: Country[]): Country | null => {
  const ca = countries.filter((c) => c === 'CA').length;
  const us = countries.length - ca;
  return ca === us ? null : ca > us ? 'CA' : 'US';
};

/**
 * Where the applicant is: the places their own words name (partners' and markets' places aside),
 * with the province of the institution they name when the words give none; else the country (and
 * province) of the institution alone.
 */
export function readLocation(text: string): Location {
  const own = withoutPartnerPlaces(text);
  const mine = parseLocation(own);
  const institutions = institutionPlaces(own);
  const country = mine.country ?? majority(institutions.map((i) => i.country));
  // A place named only as the partners' or the market's says nothing of where the applicant is.
  if (!country) return { country: null, regions: [] };
  if (mine.country && mine.regions.length > 0) return mine;
  const region = institutions.find((i) => i.country === country && i.region)?.region;
  return { country, regions: region ? [region] : [] };
}

// ---------------------------------------------------------------------------------------------
// Career years (issue 25 §2: the career windows of ERA, CRII)

/** A clause's text may run through "Ph.D." or "Dr." but not past a sentence's end. */
const CLAUSE = String.raw`(?:[^.;:!?\n]|\.(?!\s))`;
/** What joins a cue to its year: "since", "in", "depuis", "en", a comma, a bracket or a space. */
const LINK = String.raw`(?:\s*[(,]\s*|\s+(?:since|in|from|of|depuis|en|au)\s+|\s+)`;
const YEAR = String.raw`((?:19|20)\d{2})(?![\p{N}])`;

/**
 * The earliest year the text ties to one of the cues, in either order ("assistant professor since
 * 2019", "PhD (2016)", "Since 2019 she has been an assistant professor", "In 2016 she received her
 * PhD"); a clause holding one of the `not` words ("PhD student since 2022", "appointed associate
 * professor in 2021") gives none. A year after next year is no career year.
 */
function yearAfter(text: string, key: string, cues: string[], not: string[], today: Date): number | null {
  const cue = phraseRe(`applicant:${key}`, cues).source;
  const after = new RegExp(`(${cue})(${CLAUSE}{0,80}?)${LINK}${YEAR}`, 'giu');
  const before = new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:since|in|depuis|en)\s+${YEAR}(${CLAUSE}{0,60}?)(${cue})`,
    'giu',
  );
  const blocked = (clause: string) => phraseRe(`applicant:${key}:not`, not).test(clause);
  const years: number[] = [];
  for (const m of text.matchAll(after)) {
    // The words just before the cue belong to its clause too ("Canada Research Chair appointed in").
    const lead =
      text
        .slice(Math.max(0, m.index - 40), m.index)
        .split(/[.;:!?\n]/)
        .at(-1) ?? '';
    if (!blocked(`${lead} ${m[1]} ${m[2]}`)) years.push(Number(m[3]));
  }
  for (const m of text.matchAll(before)) if (!blocked(m[2]!)) years.push(Number(m[1]));
  const ok = years.filter((y) => y >= 1950 && y <= today.getUTCFullYear() + 1);
  return ok.length > 0 ? Math.min(...ok) : null;
}

/**
 * The year of the first academic appointment and of the PhD, when the text states them. They are
 * facts the applicant wrote, so the career windows read them as they read a profile's (the reason
 * says "you wrote"); they never set the career stage, since an assistant professor of seven years
 * may still apply to NSF CAREER.
 */
export function readCareerYears(
  text: string,
  today = new Date(),
): { careerStartYear: number | null; degreeYear: number | null } {
  const y = applicantCues().careerYears;
  const start = yearAfter(text, 'careerStart', y.careerStart, y.careerStartNot, today);
  const appointed = yearAfter(text, 'appointed', y.appointed, y.careerStartNot, today);
  const starts = [start, appointed].filter((v): v is number => v !== null);
  return {
    careerStartYear: starts.length > 0 ? Math.min(...starts) : null,
    degreeYear: yearAfter(text, 'degree', y.degree, y.degreeNot, today),
  };
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
const PROJECT_YEARS = new RegExp(
  String.raw`\b(?:(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})[- ]years?[- ](?:[a-z]+\s+)?(?:study|project|program(?:me)?|research|initiative|grant)|over\s+(?:the\s+next\s+)?(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})\s+years)\b`,
  'i',
);

/**
 * How long the project runs, where the request says it ("a five-year study", "over three years"):
 * SSHRC's Insight Development Grants fund two years at most (ADR 0930). Unsaid: null.
 */
export function readProjectYears(text: string): number | null {
  const m = PROJECT_YEARS.exec(text);
  const word = (m?.[1] ?? m?.[2])?.toLowerCase();
  if (!word) return null;
  return NUMBER_WORDS[word] ?? Number(word);
}

export interface ApplicantText {
  topic: string;
  details: string;
  team: string;
  file?: string | null;
}

/**
 * A degree program named between the degree and the role ("Master of Arts in Professional
 * Communication student") is the cue lists' "master's student" or "doctoral student": the lists hold
 * whole phrases, and a named program sits inside this one (ADR 1117, held-out 9's two master's
 * students read as faculty). Up to seven words, no comma or clause break between.
 */
const DEGREE_PROGRAM_ROLE =
  /\b(master|doctor)\s+of\s+(?:[\p{L}\p{N}'’&.-]+\s+){1,7}?(student|candidate)\b/giu;
function withDegreeProgramRoles(team: string): string {
  return team.replace(DEGREE_PROGRAM_ROLE, (_m, degree: string, role: string) =>
    degree.toLowerCase() === 'master' ? `master's ${role}` : `doctoral ${role}`,
  );
}

/** Reads the applicant from their request: who they are, where, in what field, at what stage. */
export function readApplicant(parts: ApplicantText): ApplicantProfile {
  const c = applicantCues();
  const text = [parts.topic, parts.details, parts.team, parts.file ?? ''].join('\n');
  const team = withDegreeProgramRoles(parts.team);
  const kind = readKind(team, parts.details);
  // The team profile says where the team is; the details often name field sites and the places of
  // the people served ("youth in Greater Victoria and the Mayaguez region of Puerto Rico" for a
  // Royal Roads University project), so the rest of the text speaks only when the team's does not.
  const teamPlace = readLocation(parts.team);
  const location = teamPlace.country ? teamPlace : readLocation(text);
  // The field the applicant names for themselves (department, title) decides the mandate; the
  // topic's words only where the team profile names none (ADR 0930).
  const fields = applicantFields(text, parts.topic, parts.team);
  const size = new RegExp(
    `(\\d[\\d,]*)\\s*(?:\\+\\s*)?(?:full[- ]time\\s+)?(?:${alternation(c.headcount)})(?![\\p{L}\\p{N}])`,
    'iu',
  ).exec(text);
  const amounts = readAmounts(`${parts.details}\n${parts.topic}`, 'request');
  const budget = requestedAmount({ ...emptyFacts(), amounts }) ?? amounts[0];
  const years = readCareerYears(text);
  const yearsRead = (['careerStartYear', 'degreeYear'] as const).filter((key) => years[key] !== null);
  // A student's level, only where the words give one and not both (a senior applying to graduate school).
  const graduate = kind === 'student' && says(team, 'graduate', c.studentLevel.graduate);
  const undergraduate = kind === 'student' && says(team, 'undergraduate', c.studentLevel.undergraduate);
  const studentLevel =
    graduate === undergraduate ? null : graduate ? ('graduate' as const) : ('undergraduate' as const);
  const projectYears = readProjectYears(`${parts.topic}\n${parts.details}`);
  const stated = {
    ...(yearsRead.length > 0 ? { ...years, fromText: yearsRead } : {}),
    ...(studentLevel ? { studentLevel } : {}),
    ...(projectYears ? { projectYears } : {}),
    ...(says(text, 'interdisciplinary', c.interdisciplinary) ? { interdisciplinary: true } : {}),
  };
  return {
    kind,
    country: location.country,
    regions: location.regions,
    fields: fields.map((f) => f.field),
    fieldWords: Object.fromEntries(fields.map((f) => [f.field, f.words])),
    careerStage:
      kind === 'student'
        ? 'student'
        : says(text, 'earlyCareer', c.earlyCareer)
          ? 'early-career'
          : says(text, 'established', c.established)
            ? 'established'
            : null,
    employees: size ? Number(size[1]!.replace(/,/g, '')) : null,
    hasPartner: says(text, 'partner', c.partner),
    indigenous: says(text, 'indigenousOrganisation', c.indigenousOrganisation),
    budget: budget ? Math.round(budget.value) : null,
    ...(Object.keys(stated).length > 0 ? { stated } : {}),
  };
}
