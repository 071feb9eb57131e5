// The catalogue's filter lists and limits, without zod: the dashboard shows them at first paint and
// programs.schema.ts builds its enums and limits from them (ADR 190).

/** Program types of the catalogue (normalised slugs; the seed's free text maps onto them). */
export const PROGRAM_TYPES = [
  { value: 'grant', label: 'Grant' },
  { value: 'contribution', label: 'Contribution' },
  { value: 'tax-credit', label: 'Tax credit' },
  { value: 'fellowship', label: 'Fellowship' },
  { value: 'loan', label: 'Loan' },
  { value: 'contract', label: 'Contract' },
  { value: 'cooperative-agreement', label: 'Cooperative agreement' },
  { value: 'accelerator', label: 'Accelerator' },
  { value: 'equity-investment', label: 'Equity investment' },
  { value: 'other', label: 'Other' },
] as const;

/** The catalogue's funding periods (`fundingPeriod`), worded for people (issue 28 item 14). */
export const FUNDING_PERIODS = [
  { value: 'per_year', label: 'per year' },
  { value: 'total', label: 'total' },
  { value: 'per_project', label: 'per project' },
  { value: 'per_internship_unit', label: 'per internship unit' },
  { value: 'per_tax_year', label: 'per tax year' },
  { value: 'per_borrower', label: 'per borrower' },
  { value: 'per_business', label: 'per business' },
  { value: 'per_company', label: 'per company' },
] as const;

/**
 * Jurisdiction filter values: a country code matches every program of that country (federal and
 * provincial); a province code matches that province's own programs.
 */
export const JURISDICTIONS = [
  { value: 'CA', label: 'Canada (all)' },
  { value: 'CA-FED', label: 'Canada (federal / national)' },
  { value: 'CA-AB', label: 'Alberta' },
  { value: 'CA-BC', label: 'British Columbia' },
  { value: 'CA-MB', label: 'Manitoba' },
  { value: 'CA-NB', label: 'New Brunswick' },
  { value: 'CA-NL', label: 'Newfoundland and Labrador' },
  { value: 'CA-NS', label: 'Nova Scotia' },
  { value: 'CA-ON', label: 'Ontario' },
  { value: 'CA-PE', label: 'Prince Edward Island' },
  { value: 'CA-QC', label: 'Quebec' },
  { value: 'CA-SK', label: 'Saskatchewan' },
  { value: 'US', label: 'United States' },
] as const;

export const PROGRAM_PAGE_SIZE_MAX = 100;
export const PROGRAM_QUERY_MAX = 200;
