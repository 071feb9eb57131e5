/**
 * Every weight the funding ranking adds to or takes from a program's score, in one named table
 * (issue 25 §2), each with the reason it exists. Eligibility is never a weight: a program the rules
 * exclude is set aside before anything here is read (match.ts, matchPrograms). Tuned on
 * the development profiles only (eval/profiles/*.json); the held-out set is measured, never tuned on.
 */
export const RANKING_WEIGHTS = {
  relevance: {
    value: 2.2,
    why: 'Text relevance: BM25 of the request over name, agency and eligibility, scaled 0 to 1.',
  },
  homeFunder: {
    value: 0.7,
    why: "A funder of the applicant's own country is the one a grants officer names first.",
  },
  mainField: { value: 2, why: "The mandate names the applicant's main field." },
  otherField: { value: 1, why: "The mandate names one of the applicant's other fields." },
  companyFieldFactor: {
    value: 0.25,
    why: "For a company, a sector program's fields only hint at fit (field weights are multiplied by this).",
  },
  companyOffField: {
    value: -1.5,
    why: "A company outside a sector program's fields may apply but is poorly served.",
  },
  countryShared: { value: 1, why: "The program is of the applicant's country." },
  countryOther: { value: -4, why: 'A program of another country (only when the rules could not read one).' },
  regionMine: { value: 1.2, why: "A provincial or state program of the applicant's own province or state." },
  regionOther: {
    value: -1.5,
    why: 'A program of one province or state when the applicant is elsewhere or unknown.',
  },
  applicantMatch: { value: 1.5, why: 'The program is for applicants of this kind (researchers, companies).' },
  applicantPartner: {
    value: 0.3,
    why: 'The applicant takes part only as the partner of the kind that applies.',
  },
  applicantOther: {
    value: -3.5,
    why: 'Neither applicant nor partner: a program for another kind of applicant.',
  },
  studentsOnlyCompany: { value: -1, why: 'A program for students, for a company.' },
  smallBusiness: { value: 0.5, why: 'A small-business program, for a company.' },
  sectorShared: {
    value: 2,
    why: 'The program focuses on a sector the request is about (defence, space, health…).',
  },
  sectorExtra: { value: 0.4, why: 'Each further sector the program and the request share.' },
  sectorNarrower: {
    value: -1.8,
    why: 'Each narrower focus the request does not share (cancer, for diabetes).',
  },
  sectorOff: { value: -1.2, why: 'A sector program when the request names other sectors only.' },
  naturalShared: { value: 0.4, why: 'Natural sciences and engineering shared, with no narrower focus.' },
  purposeUnasked: {
    value: -1,
    why: 'A single-purpose program (training, equipment, events, commercialization) the request does not ask for.',
  },
  nominated: { value: -2, why: 'Applicants are nominated: the applicant cannot apply alone.' },
  initialStageAsked: {
    value: 1.5,
    why: 'A program for research in its initial stages, for a request that says it is (a pilot, a new project).',
  },
  initialStageUnasked: {
    value: -0.3,
    why: 'A program for research in its initial stages, for a request that does not say it is.',
  },
  earlyCareerMatch: { value: 1.2, why: 'An early-career program, for an early-career applicant.' },
  earlyCareerUnknown: {
    value: -1.5,
    why: 'An early-career program, when nothing says the applicant is early in career.',
  },
  earlyCareerOther: {
    value: -0.6,
    why: 'An early-career program, for an applicant at another stated stage.',
  },
  phaseOneHeld: { value: 0.5, why: 'A Phase II program, for a Phase I awardee.' },
  phaseOneMissing: { value: -1.5, why: 'A Phase II program, with no Phase I award named.' },
  interdisciplinaryNamed: {
    value: 2,
    why: 'A program for interdisciplinary projects (NFRF Exploration), and the request calls its project interdisciplinary.',
  },
  partnerHeld: { value: 0.4, why: 'A partnership program, and the applicant names a partner.' },
  partnerMissing: { value: -1.2, why: 'A partnership program, and no partner is named.' },
  exportAsked: { value: 1, why: 'An export program, and the request is about foreign markets.' },
  exportUnasked: { value: -0.8, why: 'An export program, and the request is not about foreign markets.' },
  taxCreditAsked: { value: 0.6, why: 'A tax credit, and the company speaks of its own R&D spending.' },
  taxCreditUnasked: {
    value: -1,
    why: 'A tax credit, and the company asks to fund a project: a credit repays spending, it funds no project.',
  },
  financeNotCompany: {
    value: -0.8,
    why: 'A loan, investment or accelerator, for an applicant who is not a company.',
  },
  financeForRnd: { value: -0.8, why: 'A loan or investment, for a company asking to fund R&D.' },
  rndGrantForCompany: {
    value: 0.8,
    why: 'A company R&D grant or contribution, for a company developing a technology.',
  },
  budgetFarAbove: {
    value: -0.8,
    why: 'The amount asked is more than budgetFarAboveTimes what the program gives.',
  },
  budgetFarAboveTimes: {
    value: 3,
    why: "How many times the program's maximum a request must exceed to be far above it (a threshold, not added).",
  },
  budgetWithin: { value: 0.3, why: 'The amount asked is within what the program gives.' },
  deadlineTooSoon: {
    value: -1.2,
    why: 'Fewer than PREPARATION_DAYS to the next deadline, and no other intake within NEXT_INTAKE_DAYS of it: too little time to prepare.',
  },
} as const satisfies Record<string, { value: number; why: string }>;

export type RankingWeight = keyof typeof RANKING_WEIGHTS;

/** A weight's value by name. */
export const weight = (name: RankingWeight): number => RANKING_WEIGHTS[name].value;

/**
 * How the request's words weigh in text relevance (BM25, relevance.ts, request.ts): which part of the
 * request a word comes from, and which part of a program record it is found in. Named here with
 * the ranking weights (issue 25 §2), so no bare number shapes the ranking; tuned on the
 * development profiles only.
 */
export const RELEVANCE_WEIGHTS = {
  topicWord: { value: 3, why: 'A word of the research topic: the topic names what is to be funded.' },
  detailsWord: { value: 1, why: 'A word of the research details.' },
  teamWord: { value: 1, why: 'A word of the team profile (who applies, and often their field).' },
  fileWord: { value: 0.5, why: 'A word of an uploaded file: long, and partly about other things.' },
  repeatShare: {
    value: 0.5,
    why: "Each further mention of a word adds this share of its part's weight.",
  },
  repeatCap: {
    value: 3,
    why: "A word counts at most this many times its part's weight, however often repeated.",
  },
  pruneBelow: {
    value: 0.75,
    why: 'In a request of more than pruneAbove distinct words, words weighing less are dropped (file-only words).',
  },
  pruneAbove: { value: 400, why: 'The number of distinct words above which light words are dropped.' },
  nameField: { value: 3, why: "A word found in a program's name counts three times." },
  agencyField: { value: 2, why: 'A word found in the funder\'s name ("CIHR", "Genome") counts twice.' },
  eligibilityField: { value: 1.2, why: 'A word found in who may apply counts a little more than once.' },
  descriptionField: {
    value: 0.4,
    why: 'A word found only in the long description counts for less than half.',
  },
  bm25K1: { value: 1.2, why: 'BM25 term saturation: further matches of a word add less and less.' },
  bm25B: { value: 0.75, why: "BM25 length normalization: a long record's matches count for less." },
} as const satisfies Record<string, { value: number; why: string }>;

export type RelevanceWeight = keyof typeof RELEVANCE_WEIGHTS;

/** A relevance weight's value by name. */
export const relevance = (name: RelevanceWeight): number => RELEVANCE_WEIGHTS[name].value;
