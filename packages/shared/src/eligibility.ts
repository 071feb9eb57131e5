import { z } from 'zod';
import { FIELD_LABEL, FIELD_VALUES, toPattern, type Field } from './eligibility-fields.ts';
import { COUNTRY_NAME, SUBDIVISION_BY_CODE, type Country } from './locations.ts';

/**
 * Who may apply to a program, as data (issue 14 §1), and the rule check that the funding finder
 * applies before it ranks anything. An empty list means "no restriction of this kind".
 */

export const APPLICANT_TYPES = [
  { value: 'faculty', label: 'faculty members at eligible institutions' },
  { value: 'postdoc', label: 'postdoctoral researchers' },
  { value: 'graduate-student', label: 'graduate students' },
  { value: 'undergraduate', label: 'undergraduate students' },
  { value: 'college', label: 'colleges and polytechnics' },
  { value: 'small-business', label: 'small and medium-sized businesses' },
  { value: 'company', label: 'companies of any size' },
  { value: 'non-profit', label: 'non-profit organizations' },
  { value: 'indigenous-organization', label: 'Indigenous organizations' },
  { value: 'government', label: 'government bodies' },
] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number]['value'];
const APPLICANT_VALUES = APPLICANT_TYPES.map((t) => t.value) as [ApplicantType, ...ApplicantType[]];
/** Every applicant type: a program open to anyone (Grants.gov code 99, an import without rules). */
export const ALL_APPLICANT_TYPES: readonly ApplicantType[] = APPLICANT_VALUES;
export const APPLICANT_LABEL = Object.fromEntries(APPLICANT_TYPES.map((t) => [t.value, t.label])) as Record<
  ApplicantType,
  string
>;

export const CAREER_STAGES = ['student', 'early-career', 'mid-career', 'established'] as const;
export type CareerStage = (typeof CAREER_STAGES)[number];

export const eligibilityRulesSchema = z
  .object({
    applicantTypes: z.array(z.enum(APPLICANT_VALUES)).min(1),
    countries: z.array(z.enum(['CA', 'US'])).min(1),
    /** ISO 3166-2 codes (CA-ON, US-DC); empty: anywhere in the countries. */
    regions: z
      .array(z.string().refine((c) => SUBDIVISION_BY_CODE.has(c), 'Unknown province or state code'))
      .default([]),
    careerStages: z.array(z.enum(CAREER_STAGES)).default([]),
    /** OECD fields the funder's mandate covers; empty: any field. */
    fields: z.array(z.enum(FIELD_VALUES)).default([]),
    /** Fields the mandate leaves to another funder (NSERC: health research goes to CIHR). */
    excludedFields: z.array(z.enum(FIELD_VALUES)).default([]),
    partner: z
      .object({
        required: z.boolean(),
        kind: z.enum(['industry', 'any', 'community', 'academic']),
        text: z.string(),
      })
      .nullable()
      .default(null),
    /** Size and ownership limits for companies (US SBIR: US-owned, 500 employees or fewer). */
    ownership: z
      .object({
        ownedIn: z.enum(['CA', 'US']).nullable(),
        maxEmployees: z.number().int().positive().nullable(),
        text: z.string(),
      })
      .nullable()
      .default(null),
    citizenship: z.string().nullable().default(null),
    /**
     * Issue 25 §2: what an officer checks first, in the funder's words with its source. Each part
     * excludes only against a fact the applicant stated (ApplicantProfile.stated), never a guess.
     */
    requires: z
      .object({
        /** K08/K23: a clinical doctoral degree (MD, DVM, PharmD or equivalent). */
        clinicalDoctorate: z.boolean().default(false),
        /** A career window: first academic appointment on or after this day (ERA). */
        careerStartOnOrAfter: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .nullable()
          .default(null),
        /** A career window: first PhD (or terminal degree) on or after this day (ERA). */
        degreeOnOrAfter: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .nullable()
          .default(null),
        /** A career window counted back from the deadline: PhD no more than this many years before (CRII: 6). */
        degreeWithinYears: z.number().int().positive().nullable().default(null),
        /** R15: an institution whose NIH support is no more than $6M a year in 4 of the last 7 years. */
        r15EligibleInstitution: z.boolean().default(false),
        /** The project must combine at least two disciplines (NFRF Exploration); never excludes, the ranking reads it. */
        interdisciplinary: z.boolean().default(false),
        /** The most a request may ask, in the program's currency (SSHRC Insight Development: $75,000). */
        maxAmount: z.number().positive().nullable().default(null),
        /** The longest project the program funds, in years (SSHRC Insight Development: 2). */
        maxYears: z.number().int().positive().nullable().default(null),
        /**
         * A directorate-limited program (NSF CRII: CISE only): the area in the funder's words and
         * the field-lexicon words (eligibility-fields.ts, a trailing * allows endings) that name
         * it. Excludes only when the request's own field words are known and name none of it.
         */
        directorate: z
          .object({ name: z.string().min(1), words: z.array(z.string().min(2)).min(1) })
          .strict()
          .nullable()
          .default(null),
        text: z.string().min(1),
        source: z.string().url(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();
export type EligibilityRules = z.infer<typeof eligibilityRulesSchema>;
export type EligibilityRulesInput = z.input<typeof eligibilityRulesSchema>;

/**
 * Rules that restrict nothing but what `overrides` names: the one way to build rules in code (a
 * Grants.gov import, a catalogue row without rules read by its country), so a new rule kind gets
 * its "no restriction" default here once rather than in each builder.
 */
export function openEligibility(
  overrides: Partial<EligibilityRules> & Pick<EligibilityRules, 'countries'>,
): EligibilityRules {
  return {
    applicantTypes: [...ALL_APPLICANT_TYPES],
    regions: [],
    careerStages: [],
    fields: [],
    excludedFields: [],
    partner: null,
    ownership: null,
    citizenship: null,
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// The applicant: from the profile they state (applicant-profile.schema.ts) and, where it is silent,
// from their request's words (the server's fact reader, apps/server/src/ai/read/applicant.ts)

export type ApplicantKind = 'researcher' | 'postdoc' | 'student' | 'company' | 'non-profit';

export interface ApplicantProfile {
  kind: ApplicantKind | null;
  country: Country | null;
  regions: string[];
  fields: Field[];
  /** The words that placed the request in each field. */
  fieldWords: Partial<Record<Field, string[]>>;
  careerStage: CareerStage | null;
  employees: number | null;
  hasPartner: boolean;
  indigenous: boolean;
  /** The amount asked for, in the request's currency, when stated. */
  budget: number | null;
  /** Facts the applicant stated (a profile, issue 25 §1); absent or null: not known, never assumed. */
  stated?: {
    clinicalDoctorate?: boolean | null;
    careerStartYear?: number | null;
    degreeYear?: number | null;
    r15EligibleInstitution?: boolean | null;
    /** Citizen or permanent resident of the applicant's country. */
    citizenship?: 'citizen-or-resident' | 'neither' | null;
    /** A company owned and controlled in the applicant's country. */
    ownedInCountry?: boolean | null;
    /** Which of kind, country, region and fields the profile stated (the reason says so). */
    fromProfile?: Array<'kind' | 'country' | 'region' | 'fields'>;
    /** A student's level, where the words say it ("PhD candidate", "senior"): graduate and
     * undergraduate programs are not each other's (ADR 0885). */
    studentLevel?: 'graduate' | 'undergraduate' | null;
    /** Which career years the request's own words state ("PhD 2016"), not the profile. */
    fromText?: Array<'careerStartYear' | 'degreeYear'>;
    /** How many years the project runs, where the request's words say it ("a five-year study"). */
    projectYears?: number | null;
    /** The request's words call the project interdisciplinary ("an interdisciplinary proposal"). */
    interdisciplinary?: boolean | null;
  };
}

// ---------------------------------------------------------------------------------------------
// The rule check

/** Program applicant types each kind of applicant can apply under. */
const CAN_APPLY_AS: Record<ApplicantKind, ApplicantType[]> = {
  researcher: ['faculty', 'college'],
  postdoc: ['postdoc'],
  student: ['graduate-student', 'undergraduate'],
  company: ['small-business', 'company'],
  'non-profit': ['non-profit', 'indigenous-organization'],
};

const KIND_WORDS: Record<ApplicantKind, string> = {
  researcher: 'a university researcher',
  postdoc: 'a postdoctoral researcher',
  student: 'a student',
  company: 'a company',
  'non-profit': 'a non-profit organization',
};

const STAGE_WORDS: Record<CareerStage, string> = {
  student: 'student',
  'early-career': 'early career',
  'mid-career': 'mid career',
  established: 'established',
};

const LEVEL_WORDS = { graduate: 'a graduate student', undergraduate: 'an undergraduate student' } as const;

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${items.length > 2 ? 'and' : 'and'} ${items.at(-1)}`;
const regionName = (code: string) => SUBDIVISION_BY_CODE.get(code)?.name ?? code;

/**
 * Why the applicant cannot apply, in plain words; empty when nothing the applicant wrote rules
 * them out. What the request does not say never excludes: only a stated fact that contradicts a
 * rule does.
 */
export function ineligibilityReasons(rules: EligibilityRules, who: ApplicantProfile): string[] {
  const reasons: string[] = [];
  // The reason names the fact it read and where it came from (issue 25 §2).
  const said = (fact: 'kind' | 'country' | 'region' | 'fields', profile: string, text: string) =>
    who.stated?.fromProfile?.includes(fact) ? profile : text;
  if (who.country && !rules.countries.includes(who.country)) {
    reasons.push(
      fill(
        said(
          'country',
          'It is open only to applicants in {{places}}; your profile says {{place}}.',
          'It is open only to applicants in {{places}}; you are in {{place}}.',
        ),
        { places: list(rules.countries.map((c) => COUNTRY_NAME[c])), place: COUNTRY_NAME[who.country] },
      ),
    );
  } else if (
    rules.regions.length > 0 &&
    who.regions.length > 0 &&
    !who.regions.some((r) => rules.regions.includes(r))
  ) {
    reasons.push(
      fill(
        said(
          'region',
          'It is open only to applicants in {{places}}; your profile says {{place}}.',
          'It is open only to applicants in {{places}}; you are in {{place}}.',
        ),
        { places: list(rules.regions.map(regionName)), place: regionName(who.regions[0]!) },
      ),
    );
  }
  if (who.kind) {
    const level = who.kind === 'student' ? who.stated?.studentLevel : null;
    const allowed: ApplicantType[] = level
      ? [level === 'graduate' ? 'graduate-student' : 'undergraduate']
      : CAN_APPLY_AS[who.kind];
    const ok =
      rules.applicantTypes.some((t) => allowed.includes(t)) ||
      (who.indigenous && rules.applicantTypes.includes('indigenous-organization'));
    if (!ok) {
      reasons.push(
        fill(
          said(
            'kind',
            'It is for {{types}}; your profile says you are {{kind}}.',
            'It is for {{types}}; you wrote as {{kind}}.',
          ),
          {
            types: list(rules.applicantTypes.map((t) => APPLICANT_LABEL[t])),
            kind: level ? LEVEL_WORDS[level] : KIND_WORDS[who.kind],
          },
        ),
      );
    }
  }
  if (
    who.kind === 'company' &&
    rules.ownership?.maxEmployees &&
    who.employees !== null &&
    who.employees > rules.ownership.maxEmployees
  ) {
    reasons.push(
      fill('It is limited to companies with {{max}} employees or fewer; yours has {{count}}.', {
        max: rules.ownership.maxEmployees.toLocaleString('en-US'),
        count: who.employees.toLocaleString('en-US'),
      }),
    );
  }
  // A mandate is a rule: a research program of a field the funder leaves to another is not eligible.
  const main = who.fields[0];
  if (
    main &&
    (who.kind === null || who.kind === 'researcher' || who.kind === 'postdoc' || who.kind === 'student')
  ) {
    if (rules.excludedFields.includes(main)) {
      reasons.push(
        fill('Its mandate excludes {{field}}, the field of your work.', { field: FIELD_LABEL[main] }),
      );
    } else if (rules.fields.length > 0 && !who.fields.some((f) => rules.fields.includes(f))) {
      reasons.push(
        fill(
          said(
            'fields',
            'It funds {{fields}}; your profile gives your field as {{field}}.',
            'It funds {{fields}}; your work is in {{field}}.',
          ),
          { fields: list(rules.fields.map((f) => FIELD_LABEL[f])), field: FIELD_LABEL[main] },
        ),
      );
    }
  }
  reasons.push(...requirementReasons(rules.requires, who.stated ?? {}));
  reasons.push(...sizeReasons(rules.requires, who));
  const area = directorateReason(rules.requires?.directorate ?? null, who.fieldWords);
  if (area) reasons.push(area);
  const stated = who.stated ?? {};
  // The record's citizenship rule in the funder's words; one that admits foreign nationals
  // (Hertz: three years' residence) is left to the applicant to read.
  if (rules.citizenship && stated.citizenship === 'neither' && !/foreign nationals?/i.test(rules.citizenship))
    reasons.push(
      fill('It is open to {{who}}; your profile says you are neither a citizen nor a permanent resident.', {
        who: rules.citizenship.replace(/\.$/, ''),
      }),
    );
  if (who.kind === 'company' && rules.ownership?.ownedIn && stated.ownedInCountry === false)
    reasons.push(
      fill('It is for: {{rule}}; your profile says your company is not owned in {{country}}.', {
        rule: rules.ownership.text.replace(/\.$/, ''),
        country: COUNTRY_NAME[rules.ownership.ownedIn],
      }),
    );
  if (rules.careerStages.length > 0 && who.careerStage && !rules.careerStages.includes(who.careerStage)) {
    reasons.push(
      fill('It is for {{stages}} applicants; you describe yourself as {{stage}}.', {
        stages: list(rules.careerStages.map((s) => STAGE_WORDS[s])),
        stage: STAGE_WORDS[who.careerStage],
      }),
    );
  }
  return reasons;
}

const yearOf = (day: string) => Number(day.slice(0, 4));

/**
 * A reason from its English template, {{name}} where a fact goes: the web keys each template's
 * French by that English in fr.messages.json and fills in the same facts (translateMessage, ADR 0930).
 */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * The program's size limits in the funder's words (SSHRC Insight Development: at most $75,000 and
 * two years, ADR 0930), against the amount and the length the request states; unsaid, nothing
 * excludes.
 */
function sizeReasons(requires: EligibilityRules['requires'] | undefined, who: ApplicantProfile): string[] {
  if (!requires) return [];
  const out: string[] = [];
  if (requires.maxAmount && who.budget !== null && who.budget > requires.maxAmount)
    out.push(
      fill('It gives at most {{max}} a project; you ask for {{amount}}.', {
        max: requires.maxAmount.toLocaleString('en-US'),
        amount: who.budget.toLocaleString('en-US'),
      }),
    );
  const years = who.stated?.projectYears;
  if (requires.maxYears && typeof years === 'number' && years > requires.maxYears)
    out.push(
      fill('It funds projects of at most {{max}} years; you describe a {{years}}-year project.', {
        max: requires.maxYears,
        years,
      }),
    );
  return out;
}

/**
 * A directorate-limited program (issue 25 §2: CRII is CISE-only): the words that placed the
 * request in its fields must name the directorate's area. Where the request gave no field words
 * (a profile's fields alone, or none), nothing is known and nothing is excluded.
 */
function directorateReason(
  directorate: { name: string; words: string[] } | null,
  fieldWords: ApplicantProfile['fieldWords'],
): string | null {
  if (!directorate) return null;
  const words = [...new Set(Object.values(fieldWords).flat())];
  if (words.length === 0) return null;
  const area = new RegExp(`^(?:${directorate.words.map(toPattern).join('|')})$`, 'i');
  if (words.some((w) => area.test(w))) return null;
  return fill(
    'It is limited to {{area}}; the words that place your work in a field ({{words}}) name none of it.',
    { area: directorate.name, words: words.slice(0, 4).join(', ') },
  );
}

/** The officer's first checks (issue 25 §2), each naming the rule and the stated fact it read. */
function requirementReasons(
  requires: EligibilityRules['requires'] | undefined,
  stated: NonNullable<ApplicantProfile['stated']>,
  today = new Date(),
): string[] {
  if (!requires) return [];
  const out: string[] = [];
  // A year the request's words state is a fact the applicant wrote; the reason says where it was read.
  const says = (key: 'careerStartYear' | 'degreeYear', wrote: string, profile: string) =>
    stated.fromText?.includes(key) ? wrote : profile;
  if (requires.clinicalDoctorate && stated.clinicalDoctorate === false)
    out.push(
      'It requires a clinical doctoral degree (MD, DVM, PharmD or equivalent); your profile says you hold none.',
    );
  const start = requires.careerStartOnOrAfter;
  if (start && typeof stated.careerStartYear === 'number' && stated.careerStartYear < yearOf(start))
    out.push(
      fill(
        says(
          'careerStartYear',
          'It is for researchers whose academic career started on or after {{date}}; you wrote {{year}}.',
          'It is for researchers whose academic career started on or after {{date}}; your profile says {{year}}.',
        ),
        {
          date: start,
          year: stated.careerStartYear,
        },
      ),
    );
  const degree = requires.degreeOnOrAfter;
  if (degree && typeof stated.degreeYear === 'number' && stated.degreeYear < yearOf(degree))
    out.push(
      fill(
        says(
          'degreeYear',
          'It requires a first PhD or terminal degree on or after {{date}}; you wrote {{year}}.',
          'It requires a first PhD or terminal degree on or after {{date}}; your profile says {{year}}.',
        ),
        { date: degree, year: stated.degreeYear },
      ),
    );
  const within = requires.degreeWithinYears;
  if (within && typeof stated.degreeYear === 'number' && stated.degreeYear < today.getUTCFullYear() - within)
    out.push(
      fill(
        says(
          'degreeYear',
          'It requires a PhD received no more than {{years}} years before the deadline; you wrote {{year}}.',
          'It requires a PhD received no more than {{years}} years before the deadline; your profile says {{year}}.',
        ),
        {
          years: within,
          year: stated.degreeYear,
        },
      ),
    );
  if (requires.r15EligibleInstitution && stated.r15EligibleInstitution === false)
    out.push(
      'It is only for institutions with no more than $6M a year of NIH support in 4 of the last 7 fiscal years; your profile says your institution receives more.',
    );
  return out;
}
