import fs from 'node:fs';
import type { IdeaResults } from '@grantleaf/shared/ideas.schema';

/**
 * The offline idea engine: deterministic, no network. It reads the researcher's own words for
 * domain terms, matches them to the sector table (apps/server/data/sectors.json) for who buys,
 * who signs, which regulator and which funders, and names real programs from the catalogue when
 * the caller passes them. Every sentence it writes is built from those three sources.
 */

export interface Sector {
  id: string;
  name: string;
  keywords?: string[];
  typicalCustomers: string;
  buyingAuthority: string;
  budgetRange: string;
  regulatoryPathway: string;
  fundingSources: string[];
  tam: string;
  sam: string;
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
export function extractDomainTerms(text: string, limit = 6): string[] {
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
  const isContent = (w: string | undefined): w is string => Boolean(w && w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
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

/** The sector whose keywords the researcher's text hits most; the general profile when none. */
export function matchSector(text: string, table: SectorTable = loadSectors()): { sector: Sector; hits: string[] } {
  const lower = ` ${text.toLowerCase()} `;
  let best: { sector: Sector; hits: string[] } = { sector: table.general, hits: [] };
  for (const sector of table.sectors) {
    const hits = (sector.keywords ?? []).filter((k) => lower.includes(k));
    if (hits.length > best.hits.length) best = { sector, hits };
  }
  return best;
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
  const clean = sentence.replace(/[.!?;:]+$/, '').replace(LEADING_FILLER, '').trim();
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
  const background = input.researchBackground.trim();
  const interests = input.researchInterests.trim();
  const all = `${interests}\n${background}`;
  const terms = extractDomainTerms(all);
  const interestTerms = extractDomainTerms(interests, 3);
  const { sector, hits } = matchSector(all);
  // Keywords are stems ("electrochemi"); only those that are whole words are worth quoting back.
  const wholeWords = hits.filter((k) => new RegExp(`\\b${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(all));
  const lead = interestTerms[0] ?? terms[0] ?? sector.name.toLowerCase();
  const second = terms.find((t) => t !== lead && !lead.includes(t) && !t.includes(lead)) ?? null;
  const firstCustomer = sector.typicalCustomers.split(',')[0]!.toLowerCase();
  const fromInterests = nameFromInterests(keySentence(interests, terms, 400, interestTerms));

  const name = fromInterests
    ? fromInterests.name
    : second
      ? `${titleCase(lead)} for ${titleCase(second)}`
      : `${titleCase(lead)} Commercialization Platform`;
  const tagline = fromInterests
    ? `A ${sector.name.toLowerCase()} product for ${fromInterests.audience ?? firstCustomer}, built on your research in ${lead}.`
    : `Turning research on ${lead}${second ? ` and ${second}` : ''} into a product for ${firstCustomer}.`;

  const catalogueSources = (input.catalogue ?? []).map((p) => `${p.name} (${p.agency})`);
  const fundingSources = [...new Set([...catalogueSources, ...sector.fundingSources])].slice(0, 6);

  const backgroundLine = keySentence(background, terms, 220, interestTerms);
  const interestLine = keySentence(interests, terms, 220, interestTerms);
  const termList = terms.length > 0 ? terms.slice(0, 3).join(', ') : 'the stated research area';

  return {
    research_topic: { name, tagline },
    market_analysis: {
      total_addressable_market: sector.tam,
      serviceable_addressable_market: sector.sam,
      adoption_timeline: sector.adoptionTimeline,
    },
    target_customer: {
      primary_segment: sector.typicalCustomers,
      buying_authority: sector.buyingAuthority,
      budget_range: sector.budgetRange,
      discovery_channels: sector.discoveryChannels,
    },
    core_problem_solution: {
      market_problem: `${sector.typicalCustomers.split(',')[0]} lack a proven, affordable way to apply advances in ${lead}; current options are slow to adopt and costly to validate.`,
      research_solution: interestLine
        ? `Build on the stated direction — "${interestLine}" — to deliver a ${sector.name.toLowerCase()} product centred on ${termList}.`
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
        ...(hits.length > 0 ? [`Direct relevance to ${sector.name.toLowerCase()} needs${wholeWords.length > 0 ? ` (${wholeWords.slice(0, 3).join(', ')})` : ''}`] : []),
      ],
    },
    commercialization_path: {
      time_to_prototype: sector.timeToPrototype,
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
