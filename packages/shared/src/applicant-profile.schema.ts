import { z } from 'zod';
import { CAREER_STAGES, type ApplicantKind, type ApplicantProfile } from './eligibility.ts';
import { FIELD_VALUES } from './eligibility-fields.ts';
import { SUBDIVISION_BY_CODE } from './locations.ts';

/**
 * The applicant profile (issue 25 §1, ADR 0251): the facts eligibility rules read, stated once on
 * the account, prefilled into every funding search and overridable for one search. Every field may
 * be left unknown (null): an unknown fact never excludes a program, a stated one can.
 */

export const APPLICANT_KIND_OPTIONS = [
  { value: 'researcher', label: 'Faculty member or independent researcher' },
  { value: 'postdoc', label: 'Postdoctoral researcher' },
  { value: 'student', label: 'Graduate or undergraduate student' },
  { value: 'company', label: 'For-profit company' },
  { value: 'non-profit', label: 'Non-profit, Indigenous organization or public body' },
] as const satisfies ReadonlyArray<{ value: ApplicantKind; label: string }>;
const KIND_VALUES = APPLICANT_KIND_OPTIONS.map((k) => k.value) as [ApplicantKind, ...ApplicantKind[]];

export const CITIZENSHIP_OPTIONS = [
  { value: 'citizen-or-resident', label: 'Citizen or permanent resident of that country' },
  { value: 'neither', label: 'Neither (study or work permit, visa)' },
] as const;

export const CAREER_STAGE_LABEL: Record<(typeof CAREER_STAGES)[number], string> = {
  student: 'Student',
  'early-career': 'Early career (independent for 5 years or less)',
  'mid-career': 'Mid-career',
  established: 'Established',
};

export const APPLICANT_PROFILE_MESSAGES = {
  region: 'Choose a province or state of the country you chose',
  regionWithoutCountry: 'Choose the country first, then the province or state',
  year: 'Enter a year between 1950 and next year',
  employees: 'Enter the number of employees as a whole number (1 or more)',
  organisation: 'Organization name must be 200 characters or fewer',
  fields: 'Choose up to 3 fields',
} as const;

const year = () =>
  z
    .number({ error: APPLICANT_PROFILE_MESSAGES.year })
    .int(APPLICANT_PROFILE_MESSAGES.year)
    .min(1950, APPLICANT_PROFILE_MESSAGES.year)
    .max(new Date().getUTCFullYear() + 1, APPLICANT_PROFILE_MESSAGES.year)
    .nullable();

/** Each fact without a default: the override names only what it changes. */
const facts = {
  kind: z.enum(KIND_VALUES).nullable(),
  organisation: z
    .string()
    .trim()
    .max(200, APPLICANT_PROFILE_MESSAGES.organisation)
    .transform((s) => s || null)
    .nullable(),
  country: z.enum(['CA', 'US']).nullable(),
  /** ISO 3166-2 code of the province, territory or state ('CA-ON', 'US-MI'). */
  region: z.string().max(6).nullable(),
  /** OECD Fields of R&D (FORD), main field first: the tri-agency mandate follows from it. */
  fields: z.array(z.enum(FIELD_VALUES)).max(3, APPLICANT_PROFILE_MESSAGES.fields),
  careerStage: z.enum(CAREER_STAGES).nullable(),
  /** Year of the first independent academic appointment (career windows: ERA, CAREER, CRII). */
  careerStartYear: year(),
  /** Year of the PhD or terminal degree. */
  degreeYear: year(),
  /** An MD, DVM, PharmD or equivalent clinical doctorate (NIH K08/K23). */
  clinicalDoctorate: z.boolean().nullable(),
  /** Citizen or permanent resident of the profile's country (fellowships, youth programs). */
  citizenship: z.enum(['citizen-or-resident', 'neither']).nullable(),
  /** Companies: headcount (SBIR: 500 or fewer). */
  employees: z
    .number({ error: APPLICANT_PROFILE_MESSAGES.employees })
    .int(APPLICANT_PROFILE_MESSAGES.employees)
    .min(1, APPLICANT_PROFILE_MESSAGES.employees)
    .max(10_000_000, APPLICANT_PROFILE_MESSAGES.employees)
    .nullable(),
  /** Companies: owned and controlled in the profile's country (SBIR: U.S.-owned). */
  ownedInCountry: z.boolean().nullable(),
  /** NIH R15: the institution received no more than $6M a year of NIH support in 4 of the last 7 years. */
  r15EligibleInstitution: z.boolean().nullable(),
  /** An Indigenous organization or community (programs reserved for them). */
  indigenous: z.boolean().nullable(),
};

const profileFields = {
  kind: facts.kind.default(null),
  organisation: facts.organisation.default(null),
  country: facts.country.default(null),
  region: facts.region.default(null),
  fields: facts.fields.default([]),
  careerStage: facts.careerStage.default(null),
  careerStartYear: facts.careerStartYear.default(null),
  degreeYear: facts.degreeYear.default(null),
  clinicalDoctorate: facts.clinicalDoctorate.default(null),
  citizenship: facts.citizenship.default(null),
  employees: facts.employees.default(null),
  ownedInCountry: facts.ownedInCountry.default(null),
  r15EligibleInstitution: facts.r15EligibleInstitution.default(null),
  indigenous: facts.indigenous.default(null),
};

function checkRegion(value: { country: 'CA' | 'US' | null; region: string | null }, ctx: z.RefinementCtx) {
  if (!value.region) return;
  const sub = SUBDIVISION_BY_CODE.get(value.region);
  if (!value.country)
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: APPLICANT_PROFILE_MESSAGES.regionWithoutCountry,
    });
  else if (!sub || sub.country !== value.country)
    ctx.addIssue({ code: 'custom', path: ['region'], message: APPLICANT_PROFILE_MESSAGES.region });
}

/** PUT /api/applicant-profile: the whole profile (a key left out is unknown). */
export const applicantProfileInputSchema = z.object(profileFields).strict().superRefine(checkRegion);
export type ApplicantProfileInput = z.input<typeof applicantProfileInputSchema>;
export type ApplicantFacts = z.infer<typeof applicantProfileInputSchema>;

/**
 * A funding request's override (issue 25 §1: a co-applicant's company, a student's project): the
 * keys it names replace the stored profile's for that search only; the region is checked against
 * the country the search ends up with.
 */
export const applicantOverrideSchema = z
  .object(facts)
  .partial()
  .strict()
  .superRefine((value, ctx) => {
    if (value.region && !SUBDIVISION_BY_CODE.has(value.region))
      ctx.addIssue({ code: 'custom', path: ['region'], message: APPLICANT_PROFILE_MESSAGES.region });
    if (value.region && value.country) checkRegion({ country: value.country, region: value.region }, ctx);
  });
export type ApplicantOverride = z.infer<typeof applicantOverrideSchema>;

export const applicantProfileSchema = z.object({
  /** Null until the applicant has saved a profile: the finder asks once. */
  profile: z.object({ ...facts, organisation: z.string().nullable() }).nullable(),
  /** What the account already says, to prefill the first form (never saved unasked). */
  suggested: z.object({
    organisation: z.string().nullable(),
    country: z.enum(['CA', 'US']).nullable(),
    /** The e-mail domain the suggestion came from. */
    domain: z.string().nullable(),
  }),
  updatedAt: z.string().nullable(),
});
export type ApplicantProfileResponse = z.infer<typeof applicantProfileSchema>;

export const EMPTY_FACTS: ApplicantFacts = applicantProfileInputSchema.parse({});

/** The stored profile with one search's override applied; null when neither says anything. */
export function factsForSearch(
  stored: ApplicantFacts | null,
  override: ApplicantOverride | null | undefined,
): ApplicantFacts | null {
  if (!stored && !override) return null;
  const merged = { ...EMPTY_FACTS, ...(stored ?? {}) };
  for (const [key, value] of Object.entries(override ?? {}))
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  // A country changed for this search drops a province of the other country.
  if (merged.region && SUBDIVISION_BY_CODE.get(merged.region)?.country !== merged.country)
    merged.region = null;
  return merged;
}

const EARLY_CAREER_YEARS = 5;

/**
 * The applicant as the rules read them: what the profile states wins over what the request's text
 * suggests; what the profile leaves unknown is still read from the text (issue 25 §1).
 */
export function applyFacts(
  read: ApplicantProfile,
  facts: ApplicantFacts | null,
  today = new Date(),
): ApplicantProfile {
  if (!facts) return read;
  const thisYear = today.getUTCFullYear();
  const stage =
    facts.careerStage ??
    (facts.kind === 'student'
      ? 'student'
      : facts.careerStartYear !== null && (facts.kind === 'researcher' || facts.kind === null)
        ? thisYear - facts.careerStartYear <= EARLY_CAREER_YEARS
          ? 'early-career'
          : 'mid-career'
        : read.careerStage);
  const countryChanged = facts.country !== null && facts.country !== read.country;
  return {
    ...read,
    kind: facts.kind ?? read.kind,
    country: facts.country ?? read.country,
    regions: facts.region ? [facts.region] : countryChanged ? [] : read.regions,
    fields: facts.fields.length > 0 ? [...facts.fields] : read.fields,
    // A stated field replaces the words' reading: only its own words still place the work (the
    // directorate rules read them), not the topic's words for another field (ADR 0930).
    fieldWords:
      facts.fields.length > 0
        ? Object.fromEntries(
            facts.fields.flatMap((f) => (read.fieldWords[f] ? [[f, read.fieldWords[f]]] : [])),
          )
        : read.fieldWords,
    careerStage: stage,
    employees: facts.employees ?? read.employees,
    indigenous: facts.indigenous ?? read.indigenous,
    stated: {
      clinicalDoctorate: facts.clinicalDoctorate,
      // A year the profile leaves unknown is still the one the request's words state ("PhD 2016").
      careerStartYear: facts.careerStartYear ?? read.stated?.careerStartYear ?? null,
      degreeYear: facts.degreeYear ?? read.stated?.degreeYear ?? null,
      fromText: (read.stated?.fromText ?? []).filter((key) => facts[key] === null),
      // The profile has no level of study; the words' "PhD candidate" or "senior" still applies.
      studentLevel: read.stated?.studentLevel ?? null,
      // The profile has no project length either: the request's words give it.
      projectYears: read.stated?.projectYears ?? null,
      // Nor whether the project is interdisciplinary: the words say it.
      interdisciplinary: read.stated?.interdisciplinary ?? null,
      r15EligibleInstitution: facts.r15EligibleInstitution,
      citizenship: facts.citizenship,
      ownedInCountry: facts.ownedInCountry,
      fromProfile: (['kind', 'country', 'region', 'fields'] as const).filter((key) =>
        key === 'fields' ? facts.fields.length > 0 : facts[key] !== null,
      ),
    },
  };
}
