import { millisecondsInDay } from 'date-fns/constants';
/**
 * Every marketing figure and claim the public site shows, in one place (spec §1, §2). An operator
 * edits the words and numbers here; the components only lay them out.
 */

export const BRAND = { name: 'Grantleaf', tagline: 'AI grant writing for researchers and founders' } as const;

export const HERO = {
  headline: 'Stop Losing Grants to Paperwork',
  claims: [
    'Initial draft in 1 day instead of 2+ weeks',
    '100% requirement coverage, checked against the guidelines',
    '70% faster preparation, from first idea to submission',
  ],
  primaryCta: 'Get Started',
  analysisCta: 'Get a Free Grant Analysis',
  videoTitle: 'Watch how Grantleaf drafts a grant application',
  videoPosterCaption: 'See Grantleaf in action (2 min)',
} as const;

export const LEAD_FORM = {
  title: 'Get Your Free Grant Analysis',
  intro:
    'Tell us about your next application. We will review it against the program criteria and send you the analysis within 24 hours.',
  submit: 'Get My Free Analysis',
  demoCta: 'Schedule a Demo',
  /** Under the button when DEMO_BOOKING_URL names a booking page. */
  demoNote: 'Prefer to talk it through? Book a 30-minute walkthrough with our team.',
  /** Without a booking page the button leads to the form above (issue 28 item 16). */
  demoNoteWithoutBooking:
    'Prefer to talk it through? Say so in the form’s message and we will write back to arrange a walkthrough with our team.',
} as const;

export const FEATURES = {
  title: 'Everything a strong application needs',
  checklist: [
    'Eligibility mapping against each program’s rules',
    'Budget compliance validation',
    'Submission guidelines applied section by section',
    'Requirement coverage tracked for every criterion',
  ],
  pilotClaim: 'Currently piloting with Canadian universities, colleges and research institutes.',
  cards: [
    {
      title: 'Startup Funding Programs',
      body: 'Draft and review applications for SBIR, STTR, NSERC Idea to Innovation (I2I) and the Strategic Innovation Fund, with the program’s own criteria in view.',
      points: ['SBIR and STTR (US)', 'NSERC I2I', 'Strategic Innovation Fund'],
    },
    {
      title: 'SR&ED Claims',
      body: 'Prepare Scientific Research and Experimental Development tax-credit claims with less effort and more confidence.',
      // What /sred does (ADR 0342); the spec's "audit-defence packages" is back since the export
      // exists (ADR 0470).
      points: [
        'Automatic expense classification, with the reason for every line',
        'Federal and provincial credits computed live, each rule with its source',
        'T661 narrative checks: word limits, uncertainty, dated evidence',
        'Audit-defence packages: one PDF and ZIP with every input, line, narrative and evidence file',
      ],
    },
  ],
} as const;

export const RESULTS = {
  title: 'Results researchers can measure',
  stats: [
    { value: '$127M+', label: 'in funding secured' },
    { value: '1 day', label: 'to an initial draft, instead of 2+ weeks' },
    { value: '100%', label: 'requirement coverage' },
    { value: '70%', label: 'faster preparation' },
  ],
  guarantee: {
    title: '30-day money-back guarantee',
    body: 'If Grantleaf does not save you at least 20 hours on your first application, we refund your fee within 30 days.',
  },
} as const;

export type ProgramGroupKey = 'canadian' | 'us' | 'corporate';

export const PROGRAMS = {
  title: 'Programs we support',
  intro: 'Grantleaf knows the criteria of the programs researchers and founders apply to most.',
  groups: [
    {
      key: 'canadian',
      title: 'Canadian programs',
      fallback: [
        'NSERC Idea to Innovation (I2I)',
        'CIHR Project Grant',
        'Strategic Innovation Fund (SIF)',
        'NRC IRAP',
        'SR&ED tax credit',
      ],
    },
    {
      key: 'us',
      title: 'US SBIR/STTR',
      fallback: ['NSF SBIR/STTR', 'NIH SBIR/STTR', 'DOE SBIR/STTR', 'DoD SBIR/STTR', 'NASA SBIR/STTR'],
    },
    {
      key: 'corporate',
      title: 'Corporate & foundation partners',
      fallback: ['Foundation grants', 'Corporate accelerators', 'Corporate venture arms'],
    },
  ] as ReadonlyArray<{ key: ProgramGroupKey; title: string; fallback: readonly string[] }>,
  /** How many names each group shows. */
  perGroup: 6,
};

export const TESTIMONIAL = {
  quote:
    'The first draft covered every criterion in the call. I spent my time on the science instead of formatting, and our team submitted two weeks earlier than usual.',
  author: 'Applied Research Professor',
  affiliation: 'Ontario college of applied arts and technology',
} as const;

export const DEMO_DASHBOARD = {
  title: 'Your applications, in one dashboard',
  intro: 'A sample of what you see after signing in: every application, its status and its deadline.',
  stats: [
    { value: '12', label: 'Total Applications' },
    { value: '5', label: 'In Progress' },
    { value: '4', label: 'Approved' },
    { value: '2.4M', label: 'Total Funding' },
  ],
  /** Each deadline is `deadlineInDays` from the visitor's today (past for decided rows). */
  rows: [
    {
      id: 'demo-1',
      title: 'Low-cost water quality sensors',
      program: 'NSERC I2I',
      amount: '$125,000',
      status: 'approved',
      deadlineInDays: -90,
    },
    {
      id: 'demo-2',
      title: 'AI triage for rural clinics',
      program: 'CIHR Project Grant',
      amount: '$750,000',
      status: 'under_review',
      deadlineInDays: -20,
    },
    {
      id: 'demo-3',
      title: 'Battery recycling pilot line',
      program: 'Strategic Innovation Fund',
      amount: '$1,200,000',
      status: 'submitted',
      deadlineInDays: -5,
    },
    {
      id: 'demo-4',
      title: 'Edge vision for precision farming',
      program: 'NSF SBIR Phase I',
      amount: '$275,000',
      status: 'draft',
      deadlineInDays: 30,
    },
    {
      id: 'demo-5',
      title: 'Prototype welding robot',
      program: 'SR&ED claim',
      amount: '$48,000',
      status: 'rejected',
      deadlineInDays: -120,
    },
  ],
  actions: { newApplication: 'New Application', upload: 'Upload Documents', reports: 'View Reports' },
} as const;

export const VOICE_ASSISTANT = {
  name: 'Zeno',
  title: 'Meet Zeno, the voice-controlled AI assistant',
  body: 'Our second product is a small device you talk to. Zeno operates a computer or a phone for you, the way a person would, through the screen.',
  uses: [
    'Cold calls, made and logged for you',
    'Accessibility for people who cannot use a mouse or touch screen',
    'Boring, repetitive tasks',
    'Game bots',
    'Legacy software that has no API',
  ],
  cta: 'Request Early Access',
  dialogTitle: 'Request Early Access to Zeno',
  dialogDescription: 'Tell us how you would like to work with Zeno and we will be in touch.',
} as const;

export const EVENTS = {
  title: 'Meet us at events',
  intro: 'We run workshops with research offices and incubators across Canada.',
  photos: [
    { key: 'workshop', caption: 'Grant-writing workshop with a university research office' },
    { key: 'panel', caption: 'Research commercialisation panel' },
    { key: 'demo-day', caption: 'Founders’ demo day at a startup incubator' },
  ],
} as const;

export const CLOSING_CTA = {
  title: 'Ready to stop losing grants to paperwork?',
  body: 'Create an account and get 1 free credit, or ask for a free analysis of the application you are working on.',
  primary: 'Get Started',
  secondary: 'Get a Free Grant Analysis',
} as const;

export const FOOTER = {
  blurb:
    'AI grant writing and research funding for researchers, founders and research administrators in Canada and the US.',
  /** After "© {current year}", which the footer reads from the clock. */
  rights: 'Grantleaf. All rights reserved.',
} as const;

/**
 * Used on /faqs. The spec has the FAQ claim thousands of users while the landing says it is
 * piloting; both now say the same, the landing's (ADR 0265).
 */
export const SOCIAL_PROOF = FEATURES.pilotClaim;

/**
 * What the software does, in two wordings (ADR 0265): `withModel` is the spec's claim, shown when
 * the server runs an AI model (the public config's `aiModel`); `withoutModel` is what a deployment
 * without one delivers, shown otherwise, and until the config is known. The business figures and
 * the testimonial above are the operator's and do not change with the model.
 */
export const CAPABILITY_CLAIMS = {
  heroSubheading: {
    withModel:
      'Grantleaf reads the 100+ pages of program guidelines for you, maps your eligibility and drafts an application that covers every requirement.',
    withoutModel:
      'Grantleaf maps your eligibility against each program’s published rules, checks your application against every requirement it lists and turns your material into a structured outline, with the questions each section still needs you to answer.',
  },
  featuresIntro: {
    withModel:
      'Our AI reads program guidelines of 100+ pages so you do not have to, then checks your draft against every rule.',
    withoutModel:
      'Grantleaf checks your draft against each requirement in the program’s published guidelines and tells you what is still missing.',
  },
  guidelinesChecklistItem: {
    withModel: 'Guidelines of 100+ pages read and summarised',
    withoutModel: 'Program guidelines checked requirement by requirement',
  },
  faqWhatItDoes: {
    withModel:
      'An AI model drafts your application from your material and checks it against the program’s criteria.',
    withoutModel:
      'This server runs without an AI model: Grantleaf checks your material against each program’s requirements and builds a structured outline of your application, with the questions each section still needs you to answer.',
  },
  generation: {
    withModel: 'An AI model drafts each section from your material against the program’s criteria.',
    withoutModel:
      'This server runs without an AI model: you get a structured outline built from your material, section by section, with the questions each section still needs you to answer, not finished prose.',
  },
  analysis: {
    withModel: 'An AI model scores your application against the program’s criteria.',
    withoutModel:
      'This server runs without an AI model: each criterion is scored by how many of its required elements your text covers, with what is missing listed; it is not a reviewer’s judgement.',
  },
} as const;

export type CapabilityClaim = keyof typeof CAPABILITY_CLAIMS;

/** The wording of a capability claim for this deployment; without a known model, the modest one. */
export function capabilityClaim(key: CapabilityClaim, aiModel: boolean | undefined): string {
  return aiModel ? CAPABILITY_CLAIMS[key].withModel : CAPABILITY_CLAIMS[key].withoutModel;
}

/**
 * The sample dashboard's deadline for a row: `days` from `today`, as an ISO day, so the sample
 * never shows deadlines long past (issue 28 item 16).
 */
export function sampleDeadline(today: Date, days: number): string {
  // date-fns' constant, not days.ts: its UTC date class would add 1 KB gzipped to the landing
  // route, which has a JavaScript budget (e2e/public.spec.ts); UTC days have no DST to mind.
  return new Date(today.getTime() + days * millisecondsInDay).toISOString().slice(0, 10);
}

export interface CatalogueProgram {
  name: string;
  jurisdiction?: string | null;
  country?: string | null;
  programType?: string | null;
}

/**
 * Sorts catalogue programs into the landing page's three groups. A group the catalogue leaves empty
 * keeps its fallback names, so the section never shows a blank column.
 */
export function groupProgramNames(programs: readonly CatalogueProgram[]): Record<ProgramGroupKey, string[]> {
  const found: Record<ProgramGroupKey, string[]> = { canadian: [], us: [], corporate: [] };
  for (const program of programs) {
    const type = program.programType ?? '';
    // The catalogue's country is a code ('CA', 'US'); older data only has a jurisdiction text.
    const canadian = program.country
      ? /^CA\b/i.test(program.country)
      : /^(canada|ontario|quebec|british columbia|alberta|manitoba|saskatchewan|nova scotia|new brunswick)/i.test(
          program.jurisdiction ?? '',
        );
    let key: ProgramGroupKey | undefined;
    if (/\b(SBIR|STTR)\b/i.test(program.name)) key = 'us';
    else if (/accelerator|venture|equity|corporate|foundation/i.test(type)) key = 'corporate';
    else if (canadian) key = 'canadian';
    if (key && !found[key].includes(program.name) && found[key].length < PROGRAMS.perGroup)
      found[key].push(program.name);
  }
  const result = { ...found };
  for (const group of PROGRAMS.groups)
    if (result[group.key].length === 0) result[group.key] = [...group.fallback];
  return result;
}

/** Dates and periods the privacy policy and security FAQ state (spec §1, §9). */
export const PRIVACY_FACTS = {
  effectiveDate: 'January 8, 2025',
  incidentNotificationHours: 72,
  deletedFilesRemovedDays: 30,
  minimumTlsVersion: '1.2',
} as const;
