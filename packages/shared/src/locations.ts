/**
 * Places an applicant can be in, as ISO 3166-2 codes ('CA-ON', 'US-DC'), and a reader of free
 * text that finds them: names, postal abbreviations ("Austin, TX", "Washington, DC") and the
 * large cities and universities researchers name instead of their province or state.
 */

export type Country = 'CA' | 'US';

/** Each country as a sentence names it. */
export const COUNTRY_NAME: Record<Country, string> = { CA: 'Canada', US: 'the United States' };

/**
 * The country an e-mail address's domain places its holder in, when the registry's rules say so:
 * .ca requires a Canadian presence (CIRA); .edu is limited to US-accredited institutions, .gov and
 * .mil to US government. Any other domain (.com, .org, .ac.uk) says nothing.
 */
export function countryOfEmail(
  email: string | null | undefined,
): { country: Country; domain: string } | null {
  const domain = email?.split('@')[1]?.trim().toLowerCase();
  if (!domain) return null;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (tld === 'ca') return { country: 'CA', domain };
  if (tld === 'edu' || tld === 'gov' || tld === 'mil') return { country: 'US', domain };
  return null;
}

export interface Subdivision {
  code: string;
  country: Country;
  name: string;
  /** Postal abbreviation, and other short forms in common use. */
  abbreviations: string[];
  kind: 'province' | 'territory' | 'state' | 'district';
}

const ca = (
  abbr: string,
  name: string,
  kind: 'province' | 'territory',
  more: string[] = [],
): Subdivision => ({
  code: `CA-${abbr}`,
  country: 'CA',
  name,
  abbreviations: [abbr, ...more],
  kind,
});
const us = (
  abbr: string,
  name: string,
  kind: Subdivision['kind'] = 'state',
  more: string[] = [],
): Subdivision => ({
  code: `US-${abbr}`,
  country: 'US',
  name,
  abbreviations: [abbr, ...more],
  kind,
});

export const SUBDIVISIONS: readonly Subdivision[] = [
  ca('AB', 'Alberta', 'province', ['Alta.']),
  ca('BC', 'British Columbia', 'province', ['B.C.']),
  ca('MB', 'Manitoba', 'province', ['Man.']),
  ca('NB', 'New Brunswick', 'province', ['N.B.']),
  ca('NL', 'Newfoundland and Labrador', 'province', ['Nfld.', 'NF', 'N.L.']),
  ca('NS', 'Nova Scotia', 'province', ['N.S.']),
  ca('ON', 'Ontario', 'province', ['Ont.']),
  ca('PE', 'Prince Edward Island', 'province', ['PEI', 'P.E.I.']),
  ca('QC', 'Quebec', 'province', ['Que.', 'PQ', 'Québec']),
  ca('SK', 'Saskatchewan', 'province', ['Sask.']),
  ca('NT', 'Northwest Territories', 'territory', ['NWT', 'N.W.T.']),
  ca('NU', 'Nunavut', 'territory', ['Nvt.']),
  ca('YT', 'Yukon', 'territory', ['Yuk.', 'YK']),
  us('AL', 'Alabama'),
  us('AK', 'Alaska'),
  us('AZ', 'Arizona'),
  us('AR', 'Arkansas'),
  us('CA', 'California', 'state', ['Calif.']),
  us('CO', 'Colorado'),
  us('CT', 'Connecticut'),
  us('DE', 'Delaware'),
  us('FL', 'Florida'),
  us('GA', 'Georgia'),
  us('HI', 'Hawaii'),
  us('ID', 'Idaho'),
  us('IL', 'Illinois'),
  us('IN', 'Indiana'),
  us('IA', 'Iowa'),
  us('KS', 'Kansas'),
  us('KY', 'Kentucky'),
  us('LA', 'Louisiana'),
  us('ME', 'Maine'),
  us('MD', 'Maryland'),
  us('MA', 'Massachusetts', 'state', ['Mass.']),
  us('MI', 'Michigan'),
  us('MN', 'Minnesota'),
  us('MS', 'Mississippi'),
  us('MO', 'Missouri'),
  us('MT', 'Montana'),
  us('NE', 'Nebraska'),
  us('NV', 'Nevada'),
  us('NH', 'New Hampshire'),
  us('NJ', 'New Jersey'),
  us('NM', 'New Mexico'),
  us('NY', 'New York', 'state', ['N.Y.']),
  us('NC', 'North Carolina', 'state', ['N.C.']),
  us('ND', 'North Dakota'),
  us('OH', 'Ohio'),
  us('OK', 'Oklahoma'),
  us('OR', 'Oregon'),
  us('PA', 'Pennsylvania', 'state', ['Penn.']),
  us('RI', 'Rhode Island'),
  us('SC', 'South Carolina'),
  us('SD', 'South Dakota'),
  us('TN', 'Tennessee'),
  us('TX', 'Texas'),
  us('UT', 'Utah'),
  us('VT', 'Vermont'),
  us('VA', 'Virginia'),
  us('WA', 'Washington', 'state', ['Wash.']),
  us('WV', 'West Virginia'),
  us('WI', 'Wisconsin'),
  us('WY', 'Wyoming'),
  us('DC', 'District of Columbia', 'district', [
    'D.C.',
    'Washington, DC',
    'Washington DC',
    'Washington, D.C.',
  ]),
  us('PR', 'Puerto Rico', 'territory'),
  us('GU', 'Guam', 'territory'),
  us('VI', 'U.S. Virgin Islands', 'territory', ['USVI']),
  us('AS', 'American Samoa', 'territory'),
  us('MP', 'Northern Mariana Islands', 'territory', ['CNMI']),
];

export const SUBDIVISION_BY_CODE: ReadonlyMap<string, Subdivision> = new Map(
  SUBDIVISIONS.map((s) => [s.code, s]),
);

/** Cities and institutions named instead of a province or state (the largest research centres). */
const PLACES: Record<string, string> = {
  toronto: 'CA-ON',
  ottawa: 'CA-ON',
  waterloo: 'CA-ON',
  hamilton: 'CA-ON',
  kingston: 'CA-ON',
  guelph: 'CA-ON',
  mississauga: 'CA-ON',
  markham: 'CA-ON',
  sudbury: 'CA-ON',
  'thunder bay': 'CA-ON',
  'london, ontario': 'CA-ON',
  mcmaster: 'CA-ON',
  'university of toronto': 'CA-ON',
  "queen's university": 'CA-ON',
  'western university': 'CA-ON',
  'york university': 'CA-ON',
  sunnybrook: 'CA-ON',
  montreal: 'CA-QC',
  montréal: 'CA-QC',
  'quebec city': 'CA-QC',
  sherbrooke: 'CA-QC',
  mcgill: 'CA-QC',
  concordia: 'CA-QC',
  'université laval': 'CA-QC',
  'université de montréal': 'CA-QC',
  inrs: 'CA-QC',
  vancouver: 'CA-BC',
  burnaby: 'CA-BC',
  kelowna: 'CA-BC',
  abbotsford: 'CA-BC',
  kamloops: 'CA-BC',
  nanaimo: 'CA-BC',
  'victoria, bc': 'CA-BC',
  'victoria, b.c.': 'CA-BC',
  ubc: 'CA-BC',
  'simon fraser': 'CA-BC',
  'university of british columbia': 'CA-BC',
  'university of victoria': 'CA-BC',
  calgary: 'CA-AB',
  edmonton: 'CA-AB',
  lethbridge: 'CA-AB',
  'university of alberta': 'CA-AB',
  winnipeg: 'CA-MB',
  saskatoon: 'CA-SK',
  regina: 'CA-SK',
  halifax: 'CA-NS',
  dalhousie: 'CA-NS',
  fredericton: 'CA-NB',
  moncton: 'CA-NB',
  "st. john's": 'CA-NL',
  'memorial university': 'CA-NL',
  charlottetown: 'CA-PE',
  whitehorse: 'CA-YT',
  yellowknife: 'CA-NT',
  iqaluit: 'CA-NU',
  boston: 'US-MA',
  cambridge: 'US-MA',
  mit: 'US-MA',
  harvard: 'US-MA',
  'new york city': 'US-NY',
  brooklyn: 'US-NY',
  'san francisco': 'US-CA',
  'silicon valley': 'US-CA',
  'los angeles': 'US-CA',
  'san diego': 'US-CA',
  stanford: 'US-CA',
  berkeley: 'US-CA',
  seattle: 'US-WA',
  austin: 'US-TX',
  houston: 'US-TX',
  dallas: 'US-TX',
  chicago: 'US-IL',
  pittsburgh: 'US-PA',
  philadelphia: 'US-PA',
  atlanta: 'US-GA',
  denver: 'US-CO',
  boulder: 'US-CO',
  dayton: 'US-OH',
  'ann arbor': 'US-MI',
  'university of michigan': 'US-MI',
  baltimore: 'US-MD',
  'johns hopkins': 'US-MD',
  bethesda: 'US-MD',
  'research triangle': 'US-NC',
  'salt lake city': 'US-UT',
  phoenix: 'US-AZ',
  minneapolis: 'US-MN',
  'baton rouge': 'US-LA',
  lsu: 'US-LA',
  'louisiana state university': 'US-LA',
};

const CANADA_WORDS = /\b(canada|canadian|ccpc)\b/i;
const US_WORDS =
  /\b(united states|u\.s\.a?\.?|usa|american|us-based|u\.s\.-based|us-owned|u\.s\.-owned)(?![\w.])/i;
// Working with a U.S. federal agency or laboratory places an applicant in the US (weakly).
const US_AGENCIES =
  /\b(air force|army|navy|nasa|nih|darpa|department of (defense|energy|agriculture)|national laboratory)\b/gi;
// A bare "US" as a country is written in capitals; "us" is the pronoun.
const US_CAPITALS = /(?<![\w.])US(?![\w])/;

export interface Location {
  country: Country | null;
  /** Provinces or states named (ISO 3166-2), most-mentioned first. */
  regions: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Matcher {
  code: string;
  pattern: RegExp;
  weight: number;
}

// Abbreviations match only in capitals after a comma or as a whole token ("Austin, TX", "in BC");
// they would otherwise hit ordinary words ("in", "or", "me"). Full names match in any case.
const MATCHERS: Matcher[] = [
  ...SUBDIVISIONS.flatMap((s) => [
    { code: s.code, pattern: new RegExp(`(?<![\\w-])${escape(s.name)}(?![\\w-])`, 'gi'), weight: 2 },
    ...s.abbreviations.map((a) =>
      a.length <= 2
        ? {
            code: s.code,
            pattern: new RegExp(
              `,\\s*${escape(a)}(?![\\w])|(?<![\\w.])${escape(a)}(?=\\s+\\d|\\s*$|[),;])`,
              'g',
            ),
            weight: 2,
          }
        : {
            code: s.code,
            pattern: new RegExp(`(?<![\\w])${escape(a)}(?![\\w])`, a.includes(' ') ? 'gi' : 'g'),
            weight: 2,
          },
    ),
  ]),
  ...Object.entries(PLACES).map(([place, code]) => ({
    code,
    pattern: new RegExp(`(?<![\\w])${escape(place)}(?![\\w])`, 'gi'),
    weight: 1,
  })),
  // Longest first: "West Virginia" before "Virginia", "Washington, DC" before "Washington".
].sort((a, b) => b.pattern.source.length - a.pattern.source.length);
// "Washington" alone is the state only when the capital is not meant.
const WASHINGTON_DC = /washington,?\s*d\.?c\.?(?![\w])/gi;
/**
 * The Associated Press's state abbreviations, as news releases and datelines write them ("Clinton,
 * Miss.", "Provo, Utah"), from the AP Stylebook's list (also the U.S. GPO Style Manual's). Several
 * are English words or names ("Miss.", "Ill.", "Mo."), so they count only right after a comma,
 * where a dateline puts them. Postal codes and the short forms above are matched as before.
 */
const AP_STATES: Record<string, string> = {
  'US-AL': 'Ala.',
  'US-AZ': 'Ariz.',
  'US-AR': 'Ark.',
  'US-CO': 'Colo.',
  'US-CT': 'Conn.',
  'US-DE': 'Del.',
  'US-FL': 'Fla.',
  'US-GA': 'Ga.',
  'US-IL': 'Ill.',
  'US-IN': 'Ind.',
  'US-KS': 'Kan.',
  'US-KY': 'Ky.',
  'US-LA': 'La.',
  'US-MD': 'Md.',
  'US-MI': 'Mich.',
  'US-MN': 'Minn.',
  'US-MS': 'Miss.',
  'US-MO': 'Mo.',
  'US-MT': 'Mont.',
  'US-NE': 'Neb.',
  'US-NV': 'Nev.',
  'US-NH': 'N.H.',
  'US-NJ': 'N.J.',
  'US-NM': 'N.M.',
  'US-ND': 'N.D.',
  'US-OK': 'Okla.',
  'US-OR': 'Ore.',
  'US-PA': 'Pa.',
  'US-RI': 'R.I.',
  'US-SC': 'S.C.',
  'US-SD': 'S.D.',
  'US-TN': 'Tenn.',
  'US-VT': 'Vt.',
  'US-VA': 'Va.',
  'US-WV': 'W.Va.',
  'US-WI': 'Wis.',
  'US-WY': 'Wyo.',
};
const AP_MATCHERS: Matcher[] = Object.entries(AP_STATES).map(([code, abbr]) => ({
  code,
  pattern: new RegExp(`,\\s*${escape(abbr)}(?![\\w])`, 'g'),
  weight: 2,
}));

// Province abbreviations researchers write mid-sentence ("a BC company", "based in ON") are safe in
// capitals because they are not English words; US ones like IN, OR, ME, OK are.
const SAFE_CAPITAL_ABBREVIATIONS = /(?<![\w.])(BC|AB|QC|NS|NB|PEI|NL|SK|MB|NWT|DC)(?![\w])/g;

/** Where the applicant is, read from free text. */
export function parseLocation(text: string): Location {
  const counts = new Map<string, number>();
  const add = (code: string, n: number) => counts.set(code, (counts.get(code) ?? 0) + n);
  // "an Oregon-based small business" names the state: a full name followed by a hyphen is not matched
  // (ADR 1117), so "-based" is read as a separate word.
  let rest = text.replace(/(?<=\w)-based(?![\w-])/gi, ' based').replace(WASHINGTON_DC, () => {
    add('US-DC', 3);
    return ' ';
  });
  for (const m of [...AP_MATCHERS, ...MATCHERS]) {
    rest = rest.replace(m.pattern, () => {
      add(m.code, m.weight);
      return ' ';
    });
  }
  for (const match of rest.matchAll(SAFE_CAPITAL_ABBREVIATIONS)) {
    const abbr = match[1]!;
    const s = SUBDIVISIONS.find((d) => d.abbreviations.includes(abbr));
    if (s) add(s.code, 1);
  }
  let caScore = (text.match(new RegExp(CANADA_WORDS, 'gi')) ?? []).length * 2;
  let usScore =
    (text.match(new RegExp(US_WORDS, 'gi')) ?? []).length * 2 +
    (text.match(new RegExp(US_CAPITALS, 'g')) ?? []).length * 2 +
    (text.match(US_AGENCIES) ?? []).length;
  for (const [code, n] of counts) {
    if (code.startsWith('CA-')) caScore += n;
    else usScore += n;
  }
  const country: Country | null = caScore === 0 && usScore === 0 ? null : caScore >= usScore ? 'CA' : 'US';
  const regions = [...counts.entries()]
    .filter(([code]) => country !== null && code.startsWith(`${country}-`))
    .sort((a, b) => b[1] - a[1])
    .map(([code]) => code);
  return { country, regions };
}

/**
 * The text with every province, state and city name blanked ("British Columbia" → spaces): a
 * place says where the applicant is, which the rules and scores read once; it is not a topic word.
 */
export function withoutPlaceNames(text: string): string {
  let rest = text.replace(WASHINGTON_DC, (m) => ' '.repeat(m.length));
  for (const m of [...AP_MATCHERS, ...MATCHERS])
    rest = rest.replace(m.pattern, (found) => ' '.repeat(found.length));
  return rest;
}

/** A province or state by code, name or abbreviation ('ON', 'Ont.', 'Ontario', 'CA-ON'); null if unknown. */
export function subdivisionOf(value: string): Subdivision | null {
  const v = value.trim();
  const direct = SUBDIVISION_BY_CODE.get(v.toUpperCase());
  if (direct) return direct;
  const lower = v.toLowerCase();
  return (
    SUBDIVISIONS.find(
      (s) => s.name.toLowerCase() === lower || s.abbreviations.some((a) => a.toLowerCase() === lower),
    ) ?? null
  );
}
