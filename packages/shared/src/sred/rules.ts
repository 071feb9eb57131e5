/**
 * SR&ED rules as dated data. Every number the calculator (calculator.ts) uses comes from here,
 * with the page it was read on and the day it was read, so a claim for an older tax year uses
 * that year's rules and a reader can check each figure.
 *
 * `verified` is true only where the figure was read on the government's own page (canada.ca,
 * ontario.ca / fin.gov.on.ca, gov.bc.ca, alberta.ca, legisquebec.gouv.qc.ca). Where the only
 * stored copy was a third party's (an accounting firm's summary of a budget), the figure is kept
 * with `verified: false` and the calculator reports every result that depends on it as
 * unverified. Nothing here is guessed: a rule no page stated is absent and the calculator says
 * it is not modelled.
 *
 * How a rule applies to a tax year (`applies`):
 * - 'yearBeginning': the version in force on the first day of the tax year applies to the whole
 *   year (Budget 2025: "taxation years that begin on or after December 16, 2024").
 * - 'prorateByDays': a year that straddles the change takes each version for its share of days
 *   (Ontario's 2016 rate change, the 2014 federal basic rate and proxy changes).
 * - 'acquiredOn': the date an item (capital property) was acquired decides, within years that
 *   allow it at all.
 */

export interface SredSource {
  id: string;
  url: string;
  /** The day the stored copy was read (ISO date). */
  read: string;
  /** Whose page: the government's own, or a third party's summary. */
  publisher: string;
}

export interface Dated<T> {
  /** First day this value is in force (ISO date, inclusive); absent = since the program began. */
  from?: string;
  value: T;
  source: string;
  /** Further pages the value was read on (each figure of a compound value may come from one). */
  alsoSources?: readonly string[];
  verified: boolean;
  note?: string;
}

export interface DatedRule<T> {
  applies: 'yearBeginning' | 'prorateByDays';
  versions: ReadonlyArray<Dated<T>>;
}

const READ = '2026-11-27';

export const SRED_SOURCES: readonly SredSource[] = [
  {
    id: 'cra-itc-policy',
    url: 'https://www.canada.ca/en/revenue-agency/services/scientific-research-experimental-development-tax-incentive-program/investment-tax-credit-policy.html',
    read: READ,
    publisher: 'Canada Revenue Agency (SR&ED Investment Tax Credit Policy, revision of April 28, 2022)',
  },
  {
    id: 'cra-itc-policy-2014',
    url: 'https://taxinterpretations.com/cra/website/old/txcrdt/sred-rsde/clmng/srdnvstmnttxcrdt-eng',
    read: READ,
    publisher: 'Canada Revenue Agency (SR&ED Investment Tax Credit Policy, December 18, 2014; archived copy)',
  },
  {
    id: 'cra-ppa-policy',
    url: 'https://www.canada.ca/en/revenue-agency/services/scientific-research-experimental-development-tax-incentive-program/prescribed-proxy-amount-policy.html',
    read: READ,
    publisher: 'Canada Revenue Agency (Prescribed Proxy Amount Policy, April 28, 2022)',
  },
  {
    id: 'cra-ppa-policy-2014',
    url: 'https://taxinterpretations.com/cra/website/old/txcrdt/sred-rsde/clmng/prscrbdprxy-eng',
    read: READ,
    publisher: 'Canada Revenue Agency (Prescribed Proxy Amount Policy, December 18, 2014; archived copy)',
  },
  {
    id: 'budget2025-welch',
    url: 'https://welchllp.com/insights/knowledge/2026-changes-in-sred-largest-expansion-in-decades',
    read: READ,
    publisher:
      'Welch LLP (third party): Bill C-15, Budget 2025 Implementation Act No. 1, royal assent March 26, 2026',
  },
  {
    id: 'fes2024-dlapiper',
    url: 'https://dlapiper.com/en-br/insights/publications/2024/12/fall-economic-statement-proposes-measures-aimed-at-scientific-research-and-development',
    read: READ,
    publisher: 'DLA Piper (third party): 2024 Fall Economic Statement SR&ED measures',
  },
  {
    id: 'cra-sred-submit',
    url: 'https://www.canada.ca/en/revenue-agency/services/scientific-research-experimental-development-tax-incentive-program/submit-sred-claim.html',
    read: '2026-11-28',
    publisher:
      'Canada Revenue Agency (Submit your claim: "Your SR&ED reporting deadline is 12 months after your T2 Corporation Income Tax Return is due")',
  },
  {
    id: 'cra-filing-policy',
    url: 'https://www.canada.ca/en/revenue-agency/services/scientific-research-experimental-development-tax-incentive-program/filing-requirements-policy.html',
    read: '2026-11-28',
    publisher: 'Canada Revenue Agency (SR&ED Filing Requirements Policy, November 26, 2020)',
  },
  {
    id: 'cra-t2-when-file',
    url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/corporations/corporation-income-tax-return/when-file-your-corporation-income-tax-return.html',
    read: '2026-11-28',
    publisher:
      'Canada Revenue Agency (When to file your corporation income tax return: six months, the last day of the sixth month for a month-end year)',
  },
  {
    id: 'on-oitc',
    url: 'https://www.ontario.ca/page/ontario-innovation-tax-credit',
    read: READ,
    publisher: 'Government of Ontario (Ontario innovation tax credit)',
  },
  {
    id: 'on-ordtc',
    url: 'http://www.fin.gov.on.ca/en/credit/ordtc/',
    read: READ,
    publisher: 'Ontario Ministry of Finance (Ontario research and development tax credit)',
  },
  {
    id: 'bc-sred',
    url: 'https://www2.gov.bc.ca/gov/content/taxes/income-taxes/corporate/credits/scientific-research-development',
    read: READ,
    publisher: 'Government of British Columbia (SR&ED tax credit)',
  },
  {
    id: 'bc-sred-mentorworks',
    url: 'https://mentorworks.ca/?p=266881',
    read: READ,
    publisher: 'Mentor Works (third party): British Columbia SR&ED tax credit',
  },
  {
    id: 'ab-ieg',
    url: 'https://www.alberta.ca/innovation-employment-grant.aspx',
    read: READ,
    publisher: 'Government of Alberta (Innovation Employment Grant)',
  },
  {
    id: 'qc-salaries-happly',
    url: 'https://opportunities.happly.ai/grants/revenu-quebec/tax-credit-for-salaries-and-wages-rd-revenu-quebec',
    read: READ,
    publisher: 'Happly (third party) quoting Revenu Québec: tax credit for salaries and wages (R&D)',
  },
  {
    id: 'qc-salaries-hellodarwin',
    url: 'https://hellodarwin.com/business-aid/programs/tax-credit-for-r&d-labour-costs',
    read: READ,
    publisher: 'hellodarwin (third party): Québec tax credit for R&D labour costs (exclusion threshold)',
  },
  {
    id: 'arms-length-80-wordscope',
    url: 'http://wordscope.be/anglais/francais/Four+count+arm+stretch.html',
    read: READ,
    publisher: 'Parliamentary debate excerpt (third party copy): 80% of arm’s-length contract amounts',
  },
];

/** Federal rules. Amounts in cents. */
export const FEDERAL = {
  /** Basic ITC rate on qualified expenditures. */
  basicRate: {
    applies: 'prorateByDays',
    versions: [
      { value: 0.2, source: 'cra-itc-policy-2014', verified: true, note: 'Tax years ending before 2014.' },
      {
        from: '2014-01-01',
        value: 0.15,
        source: 'cra-itc-policy-2014',
        verified: true,
        note: 'Reduced to 15% for tax years that end after 2013; a year including January 1, 2014 is pro-rated by days after 2013.',
      },
    ],
  } as DatedRule<number>,
  /** Enhanced ITC rate on qualified expenditures up to the expenditure limit. */
  enhancedRate: {
    applies: 'yearBeginning',
    versions: [{ value: 0.35, source: 'cra-itc-policy', verified: true }],
  } as DatedRule<number>,
  /** Who may earn the enhanced rate. */
  enhancedEligible: {
    applies: 'yearBeginning',
    versions: [
      { value: ['ccpc'], source: 'cra-itc-policy', verified: true },
      {
        from: '2024-12-16',
        value: ['ccpc', 'ecpc'],
        source: 'fes2024-dlapiper',
        verified: false,
        note: 'Eligible Canadian public corporations added for tax years starting on or after December 16, 2024 (Bill C-15, royal assent March 26, 2026). Read on a third party’s summary only.',
      },
    ],
  } as DatedRule<ReadonlyArray<'ccpc' | 'ecpc' | 'other'>>,
  /**
   * The expenditure limit and its phase-out: the limit falls in a straight line from `max` at a
   * prior-year taxable capital of `phaseOutFrom` to nil at `phaseOutTo`.
   */
  expenditureLimit: {
    applies: 'yearBeginning',
    versions: [
      {
        value: { max: 300_000_000, phaseOutFrom: 1_000_000_000, phaseOutTo: 5_000_000_000 },
        source: 'cra-itc-policy',
        verified: true,
        note: '$3 million, reduced where prior-year taxable capital employed in Canada is between $10 million and $50 million; prior-year taxable income no longer counts for tax years ending after March 18, 2019 (not modelled for earlier years).',
      },
      {
        from: '2024-12-16',
        value: { max: 600_000_000, phaseOutFrom: 1_500_000_000, phaseOutTo: 7_500_000_000 },
        source: 'budget2025-welch',
        verified: false,
        note: '$6 million, phased out between $15 million and $75 million, for tax years starting on or after December 16, 2024. Read on a third party’s summary only.',
      },
    ],
  } as DatedRule<{ max: number; phaseOutFrom: number; phaseOutTo: number }>,
  /** Share of the enhanced-rate ITC that is refunded (CCPC, and ECPC once eligible). */
  enhancedRefundShare: {
    applies: 'yearBeginning',
    versions: [{ value: 1, source: 'cra-itc-policy', verified: true, note: 'Fully refundable.' }],
  } as DatedRule<number>,
  /** Share of the basic-rate ITC refunded to a CCPC that is a qualifying corporation. */
  qualifyingCorporationBasicRefundShare: {
    applies: 'yearBeginning',
    versions: [
      {
        value: 0.4,
        source: 'cra-itc-policy',
        verified: true,
        note: 'A CCPC that is also a qualifying corporation earns a refundable ITC at the basic rate on amounts over the limit, 40% of which is refunded. Whether the corporation is qualifying is the user’s statement (its taxable-income test is not modelled).',
      },
    ],
  } as DatedRule<number>,
  /** Prescribed proxy amount: this share of the salary base (proxy method). */
  proxyRate: {
    applies: 'prorateByDays',
    versions: [
      {
        value: 0.65,
        source: 'cra-ppa-policy-2014',
        verified: true,
        note: '2012 and earlier calendar years.',
      },
      {
        from: '2013-01-01',
        value: 0.6,
        source: 'cra-ppa-policy-2014',
        verified: true,
        note: '2013 calendar year.',
      },
      { from: '2014-01-01', value: 0.55, source: 'cra-ppa-policy', verified: true, note: '2014 and later.' },
    ],
  } as DatedRule<number>,
  /** Share of an arm's-length contract amount that counts as a qualified expenditure. */
  armsLengthContractShare: {
    applies: 'yearBeginning',
    versions: [
      {
        value: 1,
        source: 'arms-length-80-wordscope',
        verified: false,
        note: 'Before 2013: the full amount (third-party copy).',
      },
      {
        from: '2013-01-01',
        value: 0.8,
        source: 'arms-length-80-wordscope',
        verified: false,
        note: 'Only 80% of the value of arm’s-length contracts counts (the profit element removed). Read on a third-party copy of a parliamentary debate only.',
      },
    ],
  } as DatedRule<number>,
  /** Whether capital expenditures are qualified, and from which acquisition date. */
  capital: {
    applies: 'yearBeginning',
    versions: [
      {
        value: { allowed: true, acquiredFrom: null },
        source: 'cra-itc-policy',
        verified: true,
        note: 'Capital expenditures before 2014 (not modelled in detail).',
      },
      {
        from: '2014-01-01',
        value: { allowed: false, acquiredFrom: null },
        source: 'cra-itc-policy',
        verified: true,
        note: 'All references to capital expenditures removed: they no longer apply after 2013.',
      },
      {
        from: '2024-12-16',
        value: { allowed: true, acquiredFrom: '2024-12-16' },
        source: 'budget2025-welch',
        verified: false,
        note: 'Eligibility of capital expenditures restored for tax years starting on or after December 16, 2024, for property acquired on or after that day. Read on third parties’ summaries only.',
      },
    ],
  } as DatedRule<{ allowed: boolean; acquiredFrom: string | null }>,
  /** Months after the tax year's end by which Form T661 must be filed (corporations). */
  filingDeadlineMonths: {
    applies: 'yearBeginning',
    versions: [
      {
        value: 18,
        source: 'cra-sred-submit',
        alsoSources: ['cra-filing-policy', 'cra-t2-when-file'],
        verified: true,
        note: 'The SR&ED reporting deadline is 12 months after the T2 return is due (CRA, Submit your claim; Filing Requirements Policy), and the T2 is due six months after the tax year end, on the last day of the sixth month when the year ends on a month’s last day (CRA, When to file your corporation income tax return): 18 months for corporations. Read on canada.ca 2026-11-28. Not stated there: whether 12 months after a February 28 due date is February 28 or 29 of a leap year.',
      },
    ],
  } as DatedRule<number>,
} as const;

/** Ontario: OITC (refundable) and ORDTC (non-refundable). */
export const ONTARIO = {
  oitcRate: {
    applies: 'prorateByDays',
    versions: [
      { value: 0.1, source: 'on-oitc', verified: true, note: 'Tax years ending before June 1, 2016.' },
      {
        from: '2016-06-01',
        value: 0.08,
        source: 'on-oitc',
        verified: true,
        note: 'Tax years commencing after May 31, 2016; a straddling year is pro-rated by days.',
      },
    ],
  } as DatedRule<number>,
  /**
   * OITC expenditure limit: $3 million, reduced as prior-year taxable income rises from $500,000
   * to $800,000 and as prior-year taxable capital rises from $25 million to $50 million; shared
   * by associated corporations; pro-rated for a short tax year by days / 365.
   */
  oitcLimit: {
    applies: 'yearBeginning',
    versions: [
      {
        value: {
          max: 300_000_000,
          incomeFrom: 50_000_000,
          incomeTo: 80_000_000,
          capitalFrom: 2_500_000_000,
          capitalTo: 5_000_000_000,
        },
        source: 'on-oitc',
        verified: true,
        note: 'The page states both reductions but not how they combine when both apply; the calculator multiplies them and marks that case unverified.',
      },
    ],
  } as DatedRule<{
    max: number;
    incomeFrom: number;
    incomeTo: number;
    capitalFrom: number;
    capitalTo: number;
  }>,
  ordtcRate: {
    applies: 'prorateByDays',
    versions: [
      { value: 0.045, source: 'on-ordtc', verified: true, note: 'Tax years ending before June 1, 2016.' },
      {
        from: '2016-06-01',
        value: 0.035,
        source: 'on-ordtc',
        verified: true,
        note: 'Tax years commencing after May 31, 2016; pro-rated for a straddling year.',
      },
    ],
  } as DatedRule<number>,
} as const;

/** British Columbia SR&ED tax credit. */
export const BRITISH_COLUMBIA = {
  rate: {
    applies: 'yearBeginning',
    versions: [
      {
        value: 0.1,
        source: 'bc-sred',
        verified: true,
        note: 'Refundable for qualifying CCPCs on the lesser of qualified BC expenditures and the expenditure limit; non-refundable above it and for other corporations. For SR&ED carried on in BC before September 1, 2027 (the page read); an extension was not verified.',
      },
    ],
  } as DatedRule<number>,
  /** The BC expenditure limit follows the federal one. */
  limitFollowsFederal: {
    applies: 'yearBeginning',
    versions: [
      {
        value: true,
        source: 'bc-sred-mentorworks',
        verified: false,
        note: 'The expenditure limit is determined on the same basis as the federal limit (third-party summary; gov.bc.ca’s own sentence was cut off in the stored copy).',
      },
    ],
  } as DatedRule<boolean>,
  endsBefore: '2027-09-01',
} as const;

/** Alberta Innovation Employment Grant (delivered through the corporate tax return). */
export const ALBERTA = {
  grant: {
    applies: 'yearBeginning',
    versions: [
      {
        from: '2021-01-01',
        value: {
          baseRate: 0.08,
          incrementalRate: 0.2,
          maxSpend: 400_000_000,
          capitalFrom: 1_000_000_000,
          capitalTo: 5_000_000_000,
        },
        source: 'ab-ieg',
        verified: true,
        note: '8% on eligible R&D spending in Alberta up to the base level (average of the previous 2 years), 20% above it, on up to $4 million a year; phased out between $10 million and $50 million of taxable capital (how the phase-out is computed is not stated on the page: the calculator reduces the $4 million in a straight line and marks it unverified).',
      },
    ],
  } as DatedRule<{
    baseRate: number;
    incrementalRate: number;
    maxSpend: number;
    capitalFrom: number;
    capitalTo: number;
  }>,
} as const;

/** Québec tax credit for salaries and wages (R&D). Read on third parties' copies only. */
export const QUEBEC = {
  salaries: {
    applies: 'yearBeginning',
    versions: [
      {
        from: '2014-06-05',
        value: {
          baseRate: 0.14,
          enhancedRate: 0.3,
          enhancedLimit: 300_000_000,
          assetsFrom: 5_000_000_000,
          assetsTo: 7_500_000_000,
          exclusionThreshold: 5_000_000,
          exclusionThresholdLarge: 22_500_000,
          armsLengthContractShare: 0.5,
        },
        source: 'qc-salaries-happly',
        alsoSources: ['qc-salaries-hellodarwin'],
        verified: false,
        note: '14% base, 30% for a corporation not controlled by non-residents with prior-year total assets of $50 million or less (reduced in a straight line to $75 million) on up to $3 million; exclusion threshold generally $50,000, rising in a straight line to $225,000 at $75 million of assets; half of arm’s-length subcontract amounts. Revenu Québec’s own page is in French and was not in the store; later Québec budget changes were not checked.',
      },
    ],
  } as DatedRule<{
    baseRate: number;
    enhancedRate: number;
    enhancedLimit: number;
    assetsFrom: number;
    assetsTo: number;
    exclusionThreshold: number;
    exclusionThresholdLarge: number;
    armsLengthContractShare: number;
  }>,
} as const;
