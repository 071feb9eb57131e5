import type { ClaimSettings } from '@grantleaf/shared/sred/sred.schema';

/** A CCPC's calendar-year claim with no prior-year figures: the SR&ED tests' starting point. */
export const CLAIM_SETTINGS: ClaimSettings = {
  name: 'FY2025 claim',
  taxYearStart: '2025-01-01',
  taxYearEnd: '2025-12-31',
  corporationType: 'ccpc',
  method: 'proxy',
  priorYearTaxableCapital: 0,
  priorYearTaxableIncome: 0,
  expenditureLimitShare: 1,
  qualifyingCorporation: false,
  defaultJurisdiction: 'OTHER',
  albertaPriorTwoYearsAverage: null,
  quebecPriorYearAssets: null,
  quebecForeignControlled: false,
};
