import fs from 'node:fs';
import type { IdeaResults } from '@grantleaf/shared/ideas.schema';

/**
 * The offline idea engine: deterministic, no network. It reads the researcher's own words for
 * domain terms (names, e-mails and affiliations removed first), matches them to the sector table
 * (apps/server/data/sectors.json, NAICS-based) for who buys, who signs, which regulator and which
 * funders, and names real programs from the catalogue when the caller passes them. It states no
 * market size, price or duration: where a number is unknown, the field says what to find out and
 * where.
 */

export interface Sector {
  id: string;
  name: string;
  keywords?: string[];
  typicalCustomers: string;
  buyingAuthority: string;
  regulatoryPathway: string;
  fundingSources: string[];
  /** NAICS 2022 industries of the sector's customers: where a market is sized. */
  naics: { code: string; title: string }[];
  adoptionTimeline: string;
  timeToPrototype: string;
  discoveryChannels: string[];
  revenueModel: string;
  pricingStrategy: string;
  recurringRevenue: string;
  exits: string;
}

interface SectorTable {
  sectors: Sector[];
  general: Sector;
}

let cached: SectorTable | undefined;
export function loadSectors(): SectorTable {
  cached ??= JSON.parse(
    fs.readFileSync(new URL('../../../data/sectors.json', import.meta.url), 'utf8'),
  ) as SectorTable;
  return cached;
}

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves
  research researcher researchers work working worked study studies studying interest interests interested background years year phd professor lab laboratory university department focus focused focusing area areas field fields current currently using use used new novel approach approaches based including include includes develop developing development developed project projects team expertise experience experienced also well strong particular particularly various several many one two three across within among towards toward like want would could may might role postdoc student students faculty group published publications paper papers`.split(
    /\s+/,
  ),
);

/** The most frequent content words and two-word phrases of the text, most telling first. */
export function extractDomainTerms(raw: string, limit = 6): string[] {
  const text = stripPersonalDetails(raw);
  const names = new Set([...properNouns(text), ...personNames(raw)]);
  const words = text
    .toLowerCase()
    // Punctuation ends a phrase: no n-gram runs across a sentence or list boundary.
    .replace(/[.,;:!?()[\]"\u2014]/g, ' | ')
    .replace(/[^a-z0-9\s|-]/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
  const counts = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  const bump = (term: string, weight: number, at: number) => {
    counts.set(term, (counts.get(term) ?? 0) + weight);
    if (!firstSeen.has(term)) firstSeen.set(term, at);
  };
  const isContent = (w: string | undefined): w is string =>
    Boolean(w && w.length > 2 && !STOPWORDS.has(w) && !names.has(w) && !/^\d+$/.test(w));
  words.forEach((w, i) => {
    if (!isContent(w)) return;
    bump(w, 1, i);
    const next = words[i + 1];
    if (!isContent(next)) return;
    bump(`${w} ${next}`, 1.5, i);
    // A three-word phrase ("low-cost grid storage") names a thing better than its two halves.
    const third = words[i + 2];
    if (isContent(third)) bump(`${w} ${next} ${third}`, 2, i);
  });
  const ranked = [...counts.entries()]
    .filter(([term, n]) => n >= 1.5 || !term.includes(' '))
    .sort((a, b) => b[1] - a[1] || firstSeen.get(a[0])! - firstSeen.get(b[0])!);
  const picked: string[] = [];
  for (const [term] of ranked) {
    // A phrase already covers its words; a word already inside a picked phrase adds nothing.
    if (picked.some((p) => p.includes(term) || term.includes(p))) continue;
    picked.push(term);
    if (picked.length >= limit) break;
  }
  return picked;
}

/**
 * The profile without the person: e-mail and web addresses, titled names ("Dr. Jane Smith"),
 * affiliations ("University of Waterloo", "Department of Chemistry") and "My name is …".
 */
export function stripPersonalDetails(text: string): string {
  const NAME = "\\p{Lu}[\\p{L}'’-]+";
  return text
    .replace(/\S+@\S+\.\w+/g, ' ')
    .replace(/\bhttps?:\/\/\S+|\bwww\.\S+/g, ' ')
    .replace(
      new RegExp(`\\b(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx)\\.?\\s+(?:${NAME}\\.?\\s+){0,2}${NAME}`, 'gu'),
      ' ',
    )
    .replace(new RegExp(`\\b(?:my name is|I am|I'm)\\s+(?:${NAME}\\s*){1,3}`, 'giu'), ' ')
    .replace(
      new RegExp(
        `\\b(?:(?:University|Université|Universite|Institute|College|Department|Faculty|School|Centre|Center|Hospital|Laboratory|Lab)\\s+(?:of|de|du|for)\\s+(?:the\\s+)?(?:${NAME}\\s*){1,4}|(?:${NAME}\\s+){1,3}(?:University|Institute|College|Polytechnique|Hospital|Inc|Ltd|Corp)\\b\\.?)`,
        'gu',
      ),
      ' ',
    );
}

/**
 * Words written capitalised wherever they appear, at least once inside a sentence: names of people
 * and places, never domain terms. All-capital acronyms (PFAS, LiDAR-like terms in capitals) stay.
 */
function properNouns(text: string): Set<string> {
  const seen = new Map<string, { capital: boolean; inside: boolean }>();
  for (const m of text.matchAll(/(^|[.!?]\s+|\n|)([\p{L}][\p{L}'’-]*)/gu)) {
    const word = m[2] ?? '';
    const lower = word.toLowerCase();
    const startsSentence = m.index === 0 || /[.!?\n]/.test(m[1] ?? '');
    const acronym = word.length > 1 && word === word.toUpperCase();
    const capital = /^\p{Lu}/u.test(word) && !acronym;
    const prev = seen.get(lower) ?? { capital: true, inside: false };
    seen.set(lower, {
      capital: prev.capital && (capital || (startsSentence && /^\p{Lu}/u.test(word))),
      inside: prev.inside || (capital && !startsSentence),
    });
  }
  return new Set([...seen].filter(([, v]) => v.capital && v.inside).map(([w]) => w));
}

/** Words of the names the text gives with a title or an e-mail address ("Dr. Maria Kowalczyk", "maria.kowalczyk@…"). */
export function personNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(
    /\b(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx)\.?\s+((?:\p{Lu}[\p{L}'’-]+\.?\s*){1,3})/gu,
  )) {
    for (const w of (m[1] ?? '').split(/[\s.]+/)) if (w.length > 1) names.add(w.toLowerCase());
  }
  for (const m of text.matchAll(/([\p{L}.\-_]+)@/gu)) {
    for (const w of (m[1] ?? '').split(/[._-]+/)) if (w.length > 2) names.add(w.toLowerCase());
  }
  for (const m of text.matchAll(/\b(?:my name is|I am|I'm)\s+((?:\p{Lu}[\p{L}'’-]+\s*){1,3})/gu)) {
    for (const w of (m[1] ?? '').split(/\s+/)) if (w.length > 1) names.add(w.toLowerCase());
  }
  return names;
}

/** Canada or the US, from what the researcher writes; null when neither is said. */
export function researcherCountry(text: string): 'CA' | 'US' | null {
  const ca = (
    text.match(
      /\bCanad(?:a|ian)\b|\bOntario\b|\bQu[ée]bec\b|\bBritish Columbia\b|\bAlberta\b|\bManitoba\b|\bSaskatchewan\b|\bNova Scotia\b|\bNew Brunswick\b|\bToronto\b|\bMontr[ée]al\b|\bVancouver\b|\bOttawa\b|\bCalgary\b|\bEdmonton\b|\bWaterloo\b|\bNSERC\b|\bCIHR\b|\bSSHRC\b|\bMitacs\b|\bUniversit[ée] (?:de|du|Laval)\b/g,
    ) ?? []
  ).length;
  const us = (
    text.match(
      /\bUnited States\b|\bU\.S\.|\bUSA\b|\bAmerican\b|\bNIH\b|\bNSF\b|\bDARPA\b|\bCalifornia\b|\bMassachusetts\b|\bTexas\b|\bNew York\b|\bStanford\b|\bMIT\b|\bBerkeley\b/g,
    ) ?? []
  ).length;
  if (ca === us) return null;
  return ca > us ? 'CA' : 'US';
}

const US_FUNDER =
  /\b(?:NIH|NSF|SBIR|STTR|DOE|USDA|NASA|DARPA|ARPA-E|EPA|DoD|DOT|Department of Education|U\.S\.|US|United States|National Institutes|National Science Foundation)\b/;

/** Funders open to a researcher in `country`: Canadian ones for Canada (the default), US ones for the US. */
function fundersFor(country: 'CA' | 'US' | null, names: string[]): string[] {
  const us = country === 'US';
  return names.filter((n) => US_FUNDER.test(n) === us);
}

/** The sector whose keywords the researcher's text hits most; the general profile when none. */
export function matchSector(
  text: string,
  table: SectorTable = loadSectors(),
  interests = '',
): { sector: Sector; hits: string[] } {
  // Keywords are word starts ("electrochemi"): "health" must not match inside "unhealthy".
  const pattern = (k: string) => new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(k)}`, 'giu');
  const hitsIn = (t: string, sector: Sector) => (sector.keywords ?? []).filter((k) => pattern(k).test(t));
  const occurrences = (t: string, sector: Sector) =>
    (sector.keywords ?? []).reduce((n, k) => n + (t.match(pattern(k))?.length ?? 0), 0);
  let best: { sector: Sector; hits: string[]; score: number } = { sector: table.general, hits: [], score: 0 };
  for (const sector of table.sectors) {
    const hits = hitsIn(text, sector);
    // The researcher's stated interests say where the idea is going; they count double.
    const score = occurrences(text, sector) + occurrences(interests, sector);
    if (score > best.score) best = { sector, hits, score };
  }
  // One stray keyword is not a sector.
  return best.score >= 2 ? { sector: best.sector, hits: best.hits } : { sector: table.general, hits: [] };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * The sentence of the text that carries most of the domain terms (the first one on a tie); words
 * of the `preferred` terms (the researcher's interests) count double.
 */
function keySentence(text: string, terms: string[], max = 220, preferred: string[] = []): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const sentences = clean.split(/(?<=[.!?;])\s+/).filter(Boolean);
  const wordsOf = (list: string[]) => [...new Set(list.flatMap((t) => t.split(' ')))];
  const words = wordsOf(terms);
  const strong = new Set(wordsOf(preferred));
  let best = sentences[0]!;
  let bestScore = -1;
  for (const s of sentences) {
    const lower = s.toLowerCase();
    const score = words.filter((w) => lower.includes(w)).reduce((n, w) => n + (strong.has(w) ? 2 : 1), 0);
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best.length > max ? `${best.slice(0, max - 1).trimEnd()}…` : best;
}

const LEADING_FILLER =
  /^(?:i\s+(?:am|'m)\s+(?:interested|curious)\s+in|i\s+want\s+to\s+(?:explore|study|build|develop)|(?:my\s+)?interests?\s+(?:is|are|include)|interested\s+in|exploring|developing|building|applying|using)\s+/i;

/**
 * A product name from the researcher's own interest statement: "Low-cost grid storage using
 * recycled battery materials for remote northern communities" → name "Low-Cost Grid Storage Using
 * Recycled Battery Materials", audience "remote northern communities". Null when the statement is
 * a keyword list or too long to be a name.
 */
function nameFromInterests(sentence: string): { name: string; audience: string | null } | null {
  const clean = sentence
    .replace(/[.!?;:]+$/, '')
    .replace(LEADING_FILLER, '')
    .trim();
  if (!clean || clean.includes(',')) return null;
  const [head = '', ...rest] = clean.split(/\s+(?:for|in|among|within|across)\s+/i);
  const words = head.split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 8) return null;
  const audience = rest.join(' for ').trim();
  return { name: titleCase(head), audience: audience && audience.split(/\s+/).length <= 8 ? audience : null };
}

export interface CatalogueProgram {
  name: string;
  agency: string;
}

export function generateOfflineIdea(input: {
  researchBackground: string;
  researchInterests: string;
  /** Programs of the catalogue that match the researcher's terms, best first. */
  catalogue?: CatalogueProgram[];
}): IdeaResults {
  const rawAll = `${input.researchInterests}\n${input.researchBackground}`;
  const country = researcherCountry(rawAll);
  const background = stripPersonalDetails(input.researchBackground).replace(/\s+/g, ' ').trim();
  const interests = stripPersonalDetails(input.researchInterests).replace(/\s+/g, ' ').trim();
  const all = `${interests}\n${background}`;
  const terms = extractDomainTerms(all);
  const interestTerms = extractDomainTerms(interests, 3);
  const { sector, hits } = matchSector(all, loadSectors(), interests);
  // Keywords are stems ("electrochemi"); only those that are whole words are worth quoting back.
  const wholeWords = hits.filter((k) =>
    new RegExp(`\\b${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(all),
  );
  const lead = interestTerms[0] ?? terms[0] ?? sector.name.toLowerCase();
  const second = terms.find((t) => t !== lead && !lead.includes(t) && !t.includes(lead)) ?? null;
  const firstCustomer = sector.typicalCustomers.split(',')[0]!.toLowerCase();
  // The title is the researcher's own phrase (interests first, then background), not a keyword pair.
  const fromInterests =
    nameFromInterests(keySentence(interests, terms, 400, interestTerms)) ??
    nameFromInterests(keySentence(background, terms, 400, interestTerms));

  const name = fromInterests ? fromInterests.name : titleCase(lead);
  const tagline = fromInterests
    ? `${/^[aeiou]/i.test(sector.name) ? 'An' : 'A'} ${sector.name.toLowerCase()} product for ${fromInterests.audience ?? firstCustomer}, built on your research in ${lead}.`
    : `Turning research on ${lead}${second ? ` and ${second}` : ''} into a product for ${firstCustomer}.`;

  const catalogueSources = fundersFor(
    country,
    (input.catalogue ?? []).map((p) => `${p.name} (${p.agency})`),
  );
  const fundingSources = [
    ...new Set([...catalogueSources, ...fundersFor(country, sector.fundingSources)]),
  ].slice(0, 6);
  const market = whereToSize(sector, country);

  const backgroundLine = keySentence(background, terms, 220, interestTerms);
  const interestLine = keySentence(interests, terms, 220, interestTerms);
  const termList = terms.length > 0 ? terms.slice(0, 3).join(', ') : 'the stated research area';

  return {
    research_topic: { name, tagline },
    market_analysis: {
      total_addressable_market: market.total,
      serviceable_addressable_market: market.serviceable,
      adoption_timeline: `${sector.adoptionTimeline}. Not estimated here: time each step with your technology transfer office and the first customer.`,
    },
    target_customer: {
      primary_segment: sector.typicalCustomers,
      buying_authority: sector.buyingAuthority,
      budget_range: `Not estimated here. Ask five to ten ${firstCustomer} what they spend today on the problem this solves; that is the budget range.`,
      discovery_channels: sector.discoveryChannels,
    },
    core_problem_solution: {
      market_problem: `${sector.typicalCustomers.split(',')[0]} lack a proven, affordable way to apply advances in ${lead}; current options are slow to adopt and costly to validate.`,
      research_solution: interestLine
        ? `Build on the stated direction — "${interestLine}" — to deliver ${/^[aeiou]/i.test(sector.name) ? 'an' : 'a'} ${sector.name.toLowerCase()} product centred on ${termList}.`
        : `Package the lab's work on ${termList} as a ${sector.name.toLowerCase()} product with a clear first customer.`,
      competitive_advantage: `Method-level know-how in ${termList} that incumbents would need years of research to reproduce, backed by publishable validation data.`,
    },
    context_fit_analysis: {
      expertise_alignment: backgroundLine
        ? `The researcher's background — "${backgroundLine}" — maps onto the core technical risk of the product.`
        : `The idea is framed from the stated interests; add the team's background to test the fit.`,
      unfair_advantages: [
        ...(terms.length > 0 ? [`Domain depth in ${terms.slice(0, 2).join(' and ')}`] : []),
        'Access to university labs, equipment and trainees for validation studies',
        'Eligibility for non-dilutive research-commercialisation funding',
        ...(hits.length > 0
          ? [
              `Direct relevance to ${sector.name.toLowerCase()} needs${wholeWords.length > 0 ? ` (${wholeWords.slice(0, 3).join(', ')})` : ''}`,
            ]
          : []),
      ],
    },
    commercialization_path: {
      time_to_prototype: `${sector.timeToPrototype}; the time follows from your own work plan, not from a sector average.`,
      regulatory_pathway: sector.regulatoryPathway,
      ip_strategy: `File a provisional patent on the ${lead} method before publication, through the university technology transfer office; keep training data and process parameters as trade secrets.`,
      funding_sources: fundingSources,
    },
    monetization_strategy: {
      revenue_model: sector.revenueModel,
      pricing_strategy: sector.pricingStrategy,
      recurring_revenue_potential: sector.recurringRevenue,
      exit_opportunities: sector.exits,
    },
  };
}

/**
 * Where to size the market: the statistics agency of the researcher's country and the NAICS codes
 * of the sector. No number is given; none is known until the researcher looks it up.
 */
function whereToSize(sector: Sector, country: 'CA' | 'US' | null): { total: string; serviceable: string } {
  const codes = sector.naics.map((n) => `NAICS ${n.code}, ${n.title}`).join('; ');
  const agency =
    country === 'US'
      ? "the US Census Bureau's Economic Census and County Business Patterns"
      : "Statistics Canada's industry tables (Canadian Industry Statistics)";
  const where = codes
    ? `${agency} (${codes})`
    : `${agency}, under the NAICS code of your first customer's industry`;
  return {
    total: `Not estimated here. Size the market from ${where}: count the businesses that would buy, and multiply by what one of them pays today.`,
    serviceable: `Not estimated here. Narrow that count to the ${sector.typicalCustomers.split(',')[0]!.toLowerCase()} you can reach first, by ${country === 'US' ? 'state' : 'province'}, from the same tables.`,
  };
}

/**
 * A model's idea, with every figure the researcher did not give marked as an estimate to verify
 * (the same shape as the offline idea; the model may know a market, but it may also make one up).
 */
export function markModelFigures<T>(value: T, input: string): T {
  const known = new Set((input.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[,.]+$/, '')));
  const mark = (text: string): string =>
    /\d/.test(text) &&
    (text.match(/\d[\d,.]*/g) ?? []).some((n) => !known.has(n.replace(/[,.]+$/, ''))) &&
    !text.includes(ESTIMATE)
      ? `${text} ${ESTIMATE}`
      : text;
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? mark(v)
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk(value) as T;
}

export const ESTIMATE = '(estimate from the AI model; verify before use)';
