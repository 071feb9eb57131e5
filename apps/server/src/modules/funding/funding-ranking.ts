import {
  daysUntil,
  intakeNotOpen,
  intakeText,
  nextDeadline,
  type DeadlineRule,
} from '@grantleaf/shared/deadline';
import {
  ALL_APPLICANT_TYPES,
  ineligibilityReasons,
  type ApplicantProfile,
  type EligibilityRules,
} from '@grantleaf/shared/eligibility';
import { FIELD_LABEL } from '@grantleaf/shared/eligibility-fields';
import { applyFacts, type ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import {
  COUNTRY_NAME,
  countryOfEmail,
  parseLocation,
  SUBDIVISION_BY_CODE,
  type Country,
  withoutPlaceNames,
} from '@grantleaf/shared/locations';
import { formatFundingRange, PROGRAM_TYPES } from '@grantleaf/shared/programs.schema';
import { readApplicant } from '../../ai/read/index.ts';
import { relevance as R, weight as W } from './funding-weights.ts';

/**
 * The built-in funding finder (issue 14 §3). Rules first: the applicant is read from the request
 * (who, where, which field, what stage, eligibility.ts) and every program whose eligibility rules
 * the applicant's stated facts contradict is set aside, with the reason, never ranked. The rest
 * are ranked by fit: field, text relevance (BM25 over name, agency and eligibility), stage, size,
 * time left to prepare and partner fit. Deterministic and explained in a researcher's words. A
 * configured AI model may re-rank the eligible list (funding-ai.ts); it cannot add to it.
 */

export interface RankableProgram {
  id: string;
  name: string;
  agency: string;
  jurisdiction: string;
  country: string;
  region: string;
  programType: string;
  currency: string;
  fundingMin: number | null;
  fundingMax: number | null;
  fundingPeriod: string | null;
  deadline: string | null;
  deadlinePattern: string | null;
  eligibility: string | null;
  description: string | null;
  url: string | null;
  closed: boolean;
  /** Issue 14: who may apply, as data; imports without it are limited to their country. */
  eligibilityRules?: EligibilityRules | null;
  deadlineRule?: DeadlineRule | null;
  /** Dates the funder published; a deadline not among them is projected from the rule. */
  nextDeadlines?: string[];
}

/** A program the rules set aside, and why, in plain words. */
export interface IneligibleProgram {
  program: RankableProgram;
  reasons: string[];
}

export interface FundingQuery {
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
  fileText?: string | null;
  /** The requester's account e-mail: its domain gives the country when the request names none. */
  accountEmail?: string | null;
  /** The applicant profile with this search's override (issue 25 §1): stated facts beat the text. */
  profileFacts?: ApplicantFacts | null;
}

type Sector = keyof typeof SECTORS;
type Audience = 'academic' | 'company';

export interface Profile {
  /** The whole request, for the occasional direct check. */
  text: string;
  countries: Set<'CA' | 'US'>;
  regions: Set<string>;
  audience: Set<Audience>;
  employees: number | null;
  sectors: Map<Sector, string[]>;
  earlyCareer: boolean;
  hasPhaseOne: boolean;
  partner: boolean;
  export: boolean;
  taxCredit: boolean;
  /** The request is about developing a technology or doing research (not financing a business). */
  rnd: boolean;
  /** The request asks for a loan, an investment or an accelerator. */
  seeksFinance: boolean;
}

export interface RankedProgram {
  program: RankableProgram;
  score: number;
  reasons: string[];
  matchedTerms: string[];
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

const SECTORS = {
  health:
    /\b(health\w*|medic\w*|clinic\w*|patients?|disease\w*|cancer|oncolog\w*|tumou?r\w*|biomedic\w*|hospital\w*|therap\w*|drugs?|pharma\w*|diagnos\w*|epidemiolog\w*|nursing|mental health|dementia|diabetes|cardio\w*|vaccin\w*|antibod\w*|biotherap\w*|biologics|biopharm\w*|cihr|nih)\b/g,
  cancer: /\b(cancer\w*|oncolog\w*|tumou?r\w*|leukemia|lymphoma|carcinoma|metasta\w*)\b/g,
  defence:
    /\b(defen[cs]e|military|army|navy|naval|air force|dod|darpa|warfighter\w*|soldiers?|battlefield|missile\w*|department of war|national security)\b/g,
  space: /\b(nasa|space\w*|satellite\w*|orbit\w*|aerospace|lunar|planetary|spacecraft)\b/g,
  energy:
    /\b(energy|clean[- ]?tech\w*|cleantech|clean technology|renewable\w*|solar|wind turbine\w*|batter(y|ies)|hydrogen|fuel cells?|grid|emission\w*|carbon capture|decarboni\w*|climate|nuclear|fusion|electrolys\w*|doe)\b/g,
  agriculture:
    /\b(agri\w*|farm\w*|crops?|soils?|livestock|food|forest\w*|aquaculture|fisher\w*|usda|plant breeding|rural)\b/g,
  social:
    /\b(social science\w*|humanities|sociolog\w*|histor(y|ical)|anthropolog\w*|linguistic\w*|language revitali[sz]ation|oral histor\w*|qualitative|philosoph\w*|education\w*|pedagog\w*|policy studies|economics|cultur\w*|literature|sshrc|psycholog\w*|societal)\b/g,
  genomics: /\b(genom\w*|genetic\w*|sequencing|crispr|bioinformatic\w*)\b/g,
  natural:
    /\b(physics|chemistry|mathematic\w*|engineering|materials? science|computer science|geolog\w*|ecolog\w*|natural sciences?|nserc|nsf|quantum|robotic\w*|photonic\w*|algorithm\w*|machine learning|artificial intelligence)\b/g,
} as const;

// Sectors that make a program specific: a program only about these suits only requests about them.
const SPECIFIC: Sector[] = [
  'health',
  'cancer',
  'defence',
  'space',
  'energy',
  'agriculture',
  'social',
  'genomics',
];

const SECTOR_WORDS: Record<Sector, string> = {
  health: 'health research',
  cancer: 'cancer research',
  defence: 'defence and national security',
  space: 'space and aerospace',
  energy: 'energy and clean technology',
  agriculture: 'agriculture and food',
  social: 'the social sciences and humanities',
  genomics: 'genomics',
  natural: 'the natural sciences and engineering',
};

const PHASE_ONE =
  /\b(phase i award\w*|phase 1 award\w*|completed phase (i|1)|phase i (sbir|sttr)|our phase i)\b/g;
const EXPORT = /\b(export\w*|international markets?|foreign markets?|expand (abroad|internationally))\b/g;
const TAX =
  /\b(tax credits?|r&d spend\w*|r&d expenditure\w*|sr&ed|payroll|engineers on staff|in-house r&d|research and development spending)\b/g;

const RND = /\b(r&d|research|develop\w*|technolog\w*|prototyp\w*|platform|innovat\w*|engineer\w*|novel)\b/g;
const FINANCE = /\b(loans?|financing|investors?|investment|equity|accelerator|seed round|working capital)\b/g;

const STOPWORDS = new Set(
  'a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves research project projects program programs team work working using use based new develop developing development study studies via within across including include includes per one two three year years eligible must may grant grants funding fund funds support supports university universities professor associate assistant lab laboratory postdoc postdocs phd student students graduate faculty college hospital company companies startup startups employees employee founded founder founders ceo cto small business businesses incorporated need needs want seeking type people'.split(
    ' ',
  ),
);

// ---------------------------------------------------------------------------------------------
// Text

const hits = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[0]);

/** A crude English stemmer: enough to match "sensors" with "sensor" and "imaging" with "image". */
export function stem(word: string): string {
  let w = word;
  for (const suffix of [
    'ational',
    'ations',
    'ation',
    'ments',
    'ment',
    'ings',
    'ing',
    'ies',
    'ers',
    'ed',
    'es',
    's',
  ]) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length) + (suffix === 'ies' ? 'y' : '');
      break;
    }
  }
  return w;
}

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9&+-]*[a-z0-9]|[a-z]/g) ?? [])
    .filter((t) => t.length > 2 && !STOPWORDS.has(t) && !/^\d+$/.test(t))
    .map(stem);
}

// Where the applicant is counts through the eligibility signals, not again as a topic word; the
// one place list (shared/locations) says which words name a province, state or city. A word that
// only hints at a country ("army", "nih") stays a topic word.
const COUNTRY_WORDS = new Set(['canada', 'canadian', 'usa', 'american']);
function placeTest(): (word: string) => boolean {
  const known = new Map<string, boolean>();
  return (word) => {
    let place = known.get(word);
    if (place === undefined) {
      place = COUNTRY_WORDS.has(word) || parseLocation(word).regions.length > 0;
      known.set(word, place);
    }
    return place;
  };
}

/** The request as weighted terms: the topic counts most, an uploaded file least. */
function queryTerms(q: FundingQuery): Map<string, { weight: number; word: string }> {
  const terms = new Map<string, { weight: number; word: string }>();
  const isPlaceWord = placeTest();
  const add = (text: string | null | undefined, weight: number) => {
    const words =
      withoutPlaceNames(text ?? '')
        .toLowerCase()
        .match(/[a-z0-9][a-z0-9&+-]*[a-z0-9]/g) ?? [];
    for (const word of words) {
      if (word.length <= 2 || STOPWORDS.has(word) || /^\d+$/.test(word) || isPlaceWord(word)) continue;
      const term = stem(word);
      const entry = terms.get(term);
      if (entry) entry.weight = Math.min(entry.weight + weight * R('repeatShare'), weight * R('repeatCap'));
      else terms.set(term, { weight, word });
    }
  };
  add(q.fileText?.slice(0, 100_000), R('fileWord'));
  add(q.teamProfile, R('teamWord'));
  add(q.researchDetails, R('detailsWord'));
  add(q.researchTopic, R('topicWord'));
  for (const [term, entry] of terms) {
    if (entry.weight < R('pruneBelow') && terms.size > R('pruneAbove')) terms.delete(term);
  }
  return terms;
}

// ---------------------------------------------------------------------------------------------
// Profile of the request

export function readProfile(q: FundingQuery, who: ApplicantProfile): Profile {
  const original = [q.researchTopic, q.researchDetails, q.teamProfile, q.fileText ?? ''].join('\n');
  const text = original.toLowerCase();
  // Who and where are the rules' reading (ai/read/applicant.ts, the profile first): one reading,
  // not a second vocabulary here.
  const countries = new Set<'CA' | 'US'>(who.country ? [who.country] : []);
  const audience = new Set<Audience>(
    who.kind === null ? [] : [who.kind === 'company' ? 'company' : 'academic'],
  );

  const sectors = new Map<Sector, string[]>();
  const topic = q.researchTopic.toLowerCase();
  const passing: Sector[] = [];
  for (const [name, re] of Object.entries(SECTORS) as Array<[Sector, RegExp]>) {
    const found = hits(text, re);
    if (found.length === 0) continue;
    sectors.set(name, [...new Set(found)]);
    if (found.length === 1 && hits(topic, re).length === 0) passing.push(name);
  }
  // A specific sector named once in passing, outside the topic, beside another the request keeps
  // coming back to ("relevant to infections, vaccination, cancer and autoimmunity") is not its focus.
  const focus = [...sectors].filter(([s]) => SPECIFIC.includes(s) && !passing.includes(s));
  if (focus.length > 0) for (const s of passing) if (SPECIFIC.includes(s)) sectors.delete(s);
  return {
    text: original,
    countries,
    regions: new Set(who.regions),
    audience,
    employees: who.employees,
    sectors,
    earlyCareer: who.careerStage === 'early-career',
    hasPhaseOne: hits(text, PHASE_ONE).length > 0,
    partner: who.hasPartner,
    export: hits(text, EXPORT).length > 0,
    taxCredit: hits(text, TAX).length > 0,
    rnd: hits(text, RND).length > 0,
    seeksFinance: hits(text, FINANCE).length > 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Traits of a program

interface Traits {
  countries: Set<'CA' | 'US'>;
  region: string | null;
  /** Who applies, in the order the eligibility text names them. */
  applicant: Audience | null;
  audience: Set<Audience>;
  sectors: Set<Sector>;
  excluded: Set<Sector>;
  smallBusiness: boolean;
  earlyCareer: boolean;
  needsPhaseOne: boolean;
  needsPartner: boolean;
  export: boolean;
  taxCredit: boolean;
  studentsOnly: boolean;
  startupFinance: boolean;
  /** Funds growth (scale-up, productivity, hiring) rather than R&D. */
  scaleUp: boolean;
  /** What a single-purpose program funds, as words a request asking for it would use. */
  purpose: RegExp | null;
  /** Someone else (a department, an institution) must nominate the applicant. */
  nominated: boolean;
}

const traitCache = new WeakMap<RankableProgram, Traits>();

function firstIndex(text: string, re: RegExp): number {
  re.lastIndex = 0;
  const m = new RegExp(re.source, 'i').exec(text);
  return m ? m.index : -1;
}

// Single-purpose programs, known by their names, and the words of a request that asks for that purpose.
const PURPOSES: Array<[RegExp, RegExp]> = [
  [/\b(training|create)\b/i, /\b(training|trainees|students|curriculum)\b/i],
  [
    /\b(tools|instrument\w*|infrastructure|knowledge development fund|innovation fund)\b/i,
    /\b(equipment|instrument\w*|infrastructure|facilit(y|ies)|microscope|spectrometer)\b/i,
  ],
  [
    /\b(connection|dissemination|planning)\b/i,
    /\b(conference|workshop|symposium|event|outreach|knowledge mobili[sz]ation)\b/i,
  ],
  [
    /\b(idea to innovation|i2i|i-corps|partnerships for innovation|commerciali[sz]ation)\b/i,
    /\b(commerciali[sz]\w*|licens\w*|spin-?off|start-?up|market|prototype)\b/i,
  ],
  [/\b(catalyst grants|chairs)\b/i, /\b(catalyst|chair|nominat\w*)\b/i],
  // A wage subsidy for new hires ("Innovator Skills Initiative") suits a request that hires.
  [
    /\b(skills initiative|wage subsid\w*|hiring)\b/i,
    /\b(hir(e|es|ed|ing)|recruit\w*|new (employees?|staff|positions?)|interns?|internships?|wages?|salar(y|ies))\b/i,
  ],
  [
    /\bCISE\b/,
    /\b(comput\w*|software|algorithm\w*|network\w*|machine learning|artificial intelligence|cyber\w*|wireless)\b/i,
  ],
];

const ACADEMIC_TYPES = new Set<string>([
  'faculty',
  'postdoc',
  'graduate-student',
  'undergraduate',
  'college',
]);

const APPLICANT_ACADEMIC =
  /\b(faculty|universit\w*|postsecondary|researchers?|investigators?|scholars|principal applicant|pi with|institutions? of higher|academic appointment|college|doctorate|nominated|students)\b/;
const APPLICANT_COMPANY =
  /\b(sme|small business\w*|for-profit|corporations?|businesses|compan(y|ies)|startups?|ventures|owners|receptor|teams of >=2 organizations)\b/;

export function programTraits(p: RankableProgram): Traits {
  const cached = traitCache.get(p);
  if (cached) return cached;
  const eligibility = (p.eligibility ?? '').toLowerCase();
  const all = `${p.name}\n${p.agency}\n${eligibility}\n${p.description ?? ''}`.toLowerCase();
  const head = `${p.name}\n${p.agency}\n${eligibility}`.toLowerCase();
  const jurisdiction = p.jurisdiction.toLowerCase();

  const rules = p.eligibilityRules;
  const countries = new Set<'CA' | 'US'>();
  if (rules) {
    for (const c of rules.countries) countries.add(c);
  } else if (jurisdiction.includes('global') || jurisdiction.includes('international')) {
    countries.add('CA').add('US');
  } else {
    countries.add(p.country as 'CA' | 'US');
    if (jurisdiction.includes('canada') && jurisdiction.includes('united states'))
      countries.add('CA').add('US');
  }

  const a = firstIndex(eligibility, APPLICANT_ACADEMIC);
  const c = firstIndex(eligibility, APPLICANT_COMPANY);
  let applicant: Audience | null =
    a < 0 && c < 0 ? null : a < 0 ? 'company' : c < 0 ? 'academic' : a <= c ? 'academic' : 'company';
  if (p.programType === 'tax-credit' || p.programType === 'loan') applicant = 'company';
  const audience = new Set<Audience>();
  if (rules) {
    const academic = rules.applicantTypes.some((t) => ACADEMIC_TYPES.has(t));
    const company = rules.applicantTypes.some((t) => t === 'small-business' || t === 'company');
    applicant = academic && !company ? 'academic' : company && !academic ? 'company' : applicant;
    if (academic) audience.add('academic');
    if (company || rules.partner?.kind === 'industry') audience.add('company');
  } else {
    if (applicant) audience.add(applicant);
    if (/\b(partner|industry|company|companies|for-profit|receptor)\b/.test(eligibility))
      audience.add('company');
    if (/\b(universit\w*|academic|research institution|postsecondary|college)\b/.test(eligibility))
      audience.add('academic');
  }

  const sectors = new Set<Sector>();
  const excluded = new Set<Sector>();
  const title = `${p.name}\n${p.agency}`.toLowerCase();
  for (const [name, re] of Object.entries(SECTORS) as Array<[Sector, RegExp]>) {
    // The name and agency say what a program is for; the eligibility text only when it insists
    // (two different words); notes mention things in passing.
    if (hits(title, re).length > 0 || new Set(hits(eligibility, re)).size >= 2) sectors.add(name);
  }
  const notHealth = rules
    ? rules.excludedFields.includes('health')
    : /\(not health\)|not health|excluding health/.test(all);
  if (notHealth) {
    sectors.delete('health');
    excluded.add('health');
  }
  // NSF and NSERC fund the natural sciences and engineering broadly; a topic word is not a limit.
  if (/\b(nserc|nsf|national science foundation|natural sciences)\b/.test(head)) sectors.add('natural');

  const traits: Traits = {
    countries,
    region: p.region.startsWith('CA-') ? p.region : null,
    applicant,
    audience,
    sectors,
    excluded,
    smallBusiness: rules
      ? rules.applicantTypes.includes('small-business') && !rules.applicantTypes.includes('company')
      : /\b(sme|small business\w*|<=\s*500|500 employees|500 fte|small and medium)\b/.test(all),
    earlyCareer: rules
      ? rules.careerStages.includes('early-career')
      : /\b(early[- ]career|untenured|beginning independent|emerging scholars?|early-career|assistant professor)\b/.test(
          eligibility + p.name.toLowerCase(),
        ),
    needsPhaseOne:
      /\bphase (ii|2)\b/.test(p.name.toLowerCase()) &&
      /\bphase i awardees\b|\bphase i awardees?\b|phase i awardees|phase i\b.*awardees/.test(eligibility),
    needsPartner: rules
      ? Boolean(rules.partner?.required)
      : /\b(partner organi[sz]ation|partners?\b.*(required|must|need)|with (a |an )?(for-profit )?industry partner|receptor|partnered research|formal partnership|partner institution)/.test(
          eligibility,
        ),
    export: /\b(export|international markets)\b/.test(all),
    taxCredit: p.programType === 'tax-credit',
    studentsOnly: /^students\b/.test(eligibility),
    startupFinance:
      p.programType === 'loan' || p.programType === 'equity-investment' || p.programType === 'accelerator',
    scaleUp: /\b(scal(e|ing)[- ]up|productivity|expansion|wage support|hiring)\b/.test(head),
    purpose: PURPOSES.find(([name]) => name.test(p.name))?.[1] ?? null,
    nominated: /^nominated \(?by\b/.test(eligibility),
  };
  traitCache.set(p, traits);
  return traits;
}

// ---------------------------------------------------------------------------------------------
// BM25 over the candidates

const FIELD_WEIGHTS = {
  name: R('nameField'),
  agency: R('agencyField'),
  eligibility: R('eligibilityField'),
  description: R('descriptionField'),
} as const;
const K1 = R('bm25K1');
const B = R('bm25B');

interface Doc {
  tf: Map<string, number>;
  length: number;
}

function buildDoc(p: RankableProgram): Doc {
  const tf = new Map<string, number>();
  let length = 0;
  const fields: Array<[string | null, number]> = [
    [p.name, FIELD_WEIGHTS.name],
    [p.agency, FIELD_WEIGHTS.agency],
    [p.eligibility, FIELD_WEIGHTS.eligibility],
    [p.description, FIELD_WEIGHTS.description],
  ];
  for (const [text, weight] of fields) {
    for (const term of tokenize(text ?? '')) {
      tf.set(term, (tf.get(term) ?? 0) + weight);
      length += weight;
    }
  }
  return { tf, length };
}

/**
 * The BM25 of a full match: one word of the research topic found in the name of a single program
 * of average length. Relevance reaches 1 only with at least this much evidence, so a request whose
 * best match is one generic word does not outweigh the rules' fit (ADR 0760).
 */
function fullMatch(programs: number): number {
  const idf = Math.log(1 + (programs - 1 + 0.5) / (1 + 0.5));
  const f = FIELD_WEIGHTS.name;
  return (idf * R('topicWord') * (f * (K1 + 1))) / (f + K1);
}

function bm25(programs: RankableProgram[], terms: Map<string, { weight: number; word: string }>) {
  const docs = programs.map(buildDoc);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const doc of docs)
    for (const term of doc.tf.keys()) if (terms.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length;
  return docs.map((doc) => {
    let score = 0;
    const matched: Array<[string, number]> = [];
    for (const [term, { weight, word }] of terms) {
      const f = doc.tf.get(term);
      if (!f) continue;
      const idf = Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5));
      const part = (idf * weight * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * doc.length) / avg));
      score += part;
      matched.push([word, part]);
    }
    matched.sort((x, y) => y[1] - x[1]);
    return { score, matched: matched.slice(0, 4).map(([w]) => w) };
  });
}

// ---------------------------------------------------------------------------------------------
// Ranking

const COUNTRY_ADJ = { CA: 'Canadian', US: 'U.S.' } as const;

/** Who the applicant is, in their own terms ("a faculty member at a Canadian university"). */
function applicantWords(who: ApplicantProfile): string | null {
  const adj = who.country ? `${COUNTRY_ADJ[who.country]} ` : '';
  switch (who.kind) {
    case 'researcher':
      return `a faculty member at a ${adj}university`;
    case 'postdoc':
      return `a postdoctoral researcher${who.country ? ` in ${who.country === 'CA' ? 'Canada' : 'the United States'}` : ''}`;
    case 'student':
      return `a ${adj}graduate student`;
    case 'company':
      return `a ${adj}${who.employees !== null && who.employees <= 500 ? 'small business' : 'company'}`;
    case 'non-profit':
      return `a ${adj}non-profit organization`;
    default:
      return null;
  }
}

/** The program's name without its acronym in parentheses, for a sentence. */
const shortName = (p: RankableProgram) => p.name.replace(/\s*\([^)]*\)\s*$/, '');

/**
 * The first reason: the rule or field that matched, in a researcher's words — "You are a faculty
 * member at a Canadian university working in natural sciences; the mandate of NSERC Discovery
 * Grants covers exactly this."
 */
function fitSentence(p: RankableProgram, who: ApplicantProfile, offFocus: boolean): string | null {
  const rules = p.eligibilityRules;
  const you = applicantWords(who);
  const field = who.fields[0];
  const shared = rules ? who.fields.filter((f) => rules.fields.includes(f)) : [];
  const working =
    shared.length > 0
      ? ` working in ${FIELD_LABEL[shared[0]!]}`
      : field
        ? ` working in ${FIELD_LABEL[field]}`
        : '';
  if (!you && !working) return null;
  // Who applies unknown: the rules checked no applicant type, so nothing may say "applicants like
  // you may apply"; only a mandate that names the field is a fit they checked.
  if (!you)
    return rules?.fields.includes(field!)
      ? `Your work is in ${FIELD_LABEL[field!]}, a field ${shortName(p)} funds; your request does not say who applies, so check that you may.`
      : null;
  const subject = `You are ${you}${working}`;
  // "Exactly this" only for a research mandate that names the applicant's main field, in a program
  // with no focus the request does not share: a space program "funded exactly" an antibody company
  // whose text also read as natural sciences, and a commercialization grant pure mathematics. For a company, a program's fields
  // only hint at fit (as in the score below), so they never earn the claim.
  if (
    field &&
    who.kind !== 'company' &&
    rules?.fields.includes(field) &&
    rules.fields.length <= 3 &&
    !offFocus
  )
    return `${subject}; the mandate of ${shortName(p)} covers exactly this.`;
  // Worded so that a plural name ("Discovery Grants") needs no verb agreement.
  return `${subject}; applicants like you may apply to ${shortName(p)}${rules && rules.fields.length === 0 ? ' in any field' : ''}.`;
}

// Fewer days than this to the next deadline leave too little time to prepare an application.
const PREPARATION_DAYS = 21;

function scoreProgram(
  p: RankableProgram,
  profile: Profile,
  who: ApplicantProfile,
  relevance: number,
  matched: string[],
  today: Date,
): RankedProgram {
  const t = programTraits(p);
  const rules = p.eligibilityRules;
  const reasons: string[] = [];
  let score = W('relevance') * relevance;
  // Sector focus (defence, space, energy, …) beyond the broad field.
  const specific = [...t.sectors].filter((s) => SPECIFIC.includes(s));
  const sharedSectors = [...t.sectors].filter((s) => profile.sectors.has(s));
  const specificShared = sharedSectors.filter((s) => SPECIFIC.includes(s));
  // Off the program's focus: a narrower area (cancer, space) the request does not share, or a
  // kind of support (training, equipment, commercialization) it does not ask for.
  const offFocus =
    specific.some((s) => !profile.sectors.has(s)) || Boolean(t.purpose && !t.purpose.test(profile.text));
  const fit = fitSentence(p, who, offFocus);
  if (fit) reasons.push(fit);

  // A funder of the applicant's own country is the one a grants officer names first.
  if (who.country && p.country === who.country) score += W('homeFunder');

  // Field: the mandate names the applicant's field.
  if (rules && rules.fields.length > 0 && who.fields.length > 0) {
    // A mandate is decisive for researchers; for a company a sector program's fields only hint at fit.
    const factor = who.kind === 'company' ? W('companyFieldFactor') : 1;
    if (who.fields.some((f) => rules.fields.includes(f)))
      score += factor * (rules.fields.includes(who.fields[0]!) ? W('mainField') : W('otherField'));
    // A company outside a sector program's fields may apply but is poorly served by it.
    else score += W('companyOffField');
  }

  // Where the applicant is (the rules already set aside other countries and provinces).
  if (profile.countries.size > 0) {
    const shared = [...profile.countries].filter((c) => t.countries.has(c));
    if (shared.length === 0) score += W('countryOther');
    else {
      score += W('countryShared');
      if (t.region || (rules && rules.regions.length > 0)) {
        const regions = rules?.regions.length ? rules.regions : [t.region!];
        const mine = regions.find((r) => profile.regions.has(r) || who.regions.includes(r));
        if (mine) {
          score += W('regionMine');
          const name = SUBDIVISION_BY_CODE.get(mine)?.name ?? mine;
          reasons.push(
            `It is ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} program, and you are in ${name}.`,
          );
        } else score += W('regionOther');
      }
    }
  } else if (t.region || (rules && rules.regions.length > 0)) {
    // Nothing says where the applicant is: a program for one province, state or territory is
    // unlikely to be theirs, as when the country is known and the region is not (above).
    score += W('regionOther');
  }

  // Who applies: as the rules read the applicant when they could, else from the request's words.
  const audience: Set<Audience> =
    who.kind === null ? profile.audience : new Set([who.kind === 'company' ? 'company' : 'academic']);
  const isAcademic = audience.has('academic');
  const isCompany = audience.has('company');
  if (t.applicant && audience.size > 0) {
    if (audience.has(t.applicant)) {
      score += W('applicantMatch');
      if (t.taxCredit) reasons.push('It is a tax credit that companies claim on their own R&D spending.');
    } else if (t.audience.has(isAcademic ? 'academic' : 'company')) {
      score += W('applicantPartner');
      reasons.push(
        isAcademic
          ? 'A university team takes part as the research partner of a company.'
          : 'Your company takes part as the partner of a university team.',
      );
    } else {
      score += W('applicantOther');
    }
  }
  if (t.studentsOnly && isCompany && !isAcademic) score += W('studentsOnlyCompany');

  // Company size.
  if (t.smallBusiness && t.applicant === 'company' && isCompany) {
    score += W('smallBusiness');
    const max = rules?.ownership?.maxEmployees;
    if (who.employees !== null && max) {
      reasons.push(
        `It is for small businesses of up to ${max.toLocaleString('en-US')} employees; yours has ${who.employees.toLocaleString('en-US')}.`,
      );
    }
  }

  if (specificShared.length > 0) {
    // A narrower focus the request does not share (cancer, for a diabetes study) counts against.
    const narrower = specific.length - specificShared.length;
    score +=
      W('sectorShared') + W('sectorExtra') * (specificShared.length - 1) + W('sectorNarrower') * narrower;
    const s = specificShared[0]!;
    if (
      !(s === 'health' && rules?.fields.includes('health')) &&
      !(s === 'social' && rules?.fields.includes('social-sciences'))
    ) {
      reasons.push(`It focuses on ${SECTOR_WORDS[s]}, the area of your project.`);
    }
  } else if (specific.length > 0 && profile.sectors.size > 0) {
    score += W('sectorOff');
  }
  if (sharedSectors.includes('natural') && specificShared.length === 0) score += W('naturalShared');

  // Career stage, prior awards, partners, export, tax.
  // A program for one kind of support (training, equipment, events, commercialization) suits a
  // request that asks for it; a research program is what a grants officer names otherwise.
  if (t.purpose && !t.purpose.test(profile.text)) score += W('purposeUnasked');
  // A program the applicant cannot apply to alone comes after those they can (at -1, Sloan still
  // led NSERC Discovery for a Canadian plant biologist in eval/profiles).
  if (t.nominated) {
    score += W('nominated');
    reasons.push('Applicants are nominated: your department or institution puts your name forward.');
  }
  if (t.earlyCareer) {
    if (profile.earlyCareer) {
      score += W('earlyCareerMatch');
      reasons.push('It is for early-career faculty, and you are early in your career.');
    } else score += who.careerStage === null ? W('earlyCareerUnknown') : W('earlyCareerOther');
  }
  if (t.needsPhaseOne) {
    if (profile.hasPhaseOne) score += W('phaseOneHeld');
    else score += W('phaseOneMissing');
  }
  if (t.needsPartner) {
    if (profile.partner || who.hasPartner) {
      score += W('partnerHeld');
      reasons.push('It requires a partner organization, and you already have one.');
    } else {
      score += W('partnerMissing');
      if (rules?.partner) reasons.push(`It requires a partner: ${rules.partner.text.replace(/\.$/, '')}.`);
    }
  }
  if (t.export) score += profile.export ? W('exportAsked') : W('exportUnasked');
  // A tax credit repays spending already made; it funds no project the request describes.
  if (t.taxCredit && isCompany) score += profile.taxCredit ? W('taxCreditAsked') : W('taxCreditUnasked');
  if (t.startupFinance && !(isCompany && !isAcademic)) score += W('financeNotCompany');
  // A company developing a technology is better served by R&D funding than by loans or equity.
  if (isCompany && !isAcademic && profile.rnd && !profile.seeksFinance) {
    if (t.startupFinance) score += W('financeForRnd');
    else if (
      (p.programType === 'grant' || p.programType === 'contribution' || p.programType === 'contract') &&
      t.applicant === 'company' &&
      !t.scaleUp
    ) {
      score += W('rndGrantForCompany');
    }
  }

  // Size: a request far above what the program gives fits it poorly.
  const cap = p.fundingMax;
  if (who.budget !== null && cap)
    score +=
      who.budget > cap * W('budgetFarAboveTimes')
        ? W('budgetFarAbove')
        : who.budget <= cap
          ? W('budgetWithin')
          : 0;

  // Timing: enough time left to prepare.
  const days = daysUntil(p.deadline, today);
  if (days !== null && days >= 0) {
    if (days < PREPARATION_DAYS) score += W('deadlineTooSoon');
    reasons.push(
      `Next deadline: ${deadlineText(p)} (${days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} from now`}).`,
    );
  } else if (!p.deadline) {
    reasons.push(
      `${intakeText(p.deadlineRule) ?? 'Dates are set in each call'}: see the funder's page for timing.`,
    );
  }
  return { program: p, score, reasons, matchedTerms: matched };
}

/** The rules each program applies: its own, or for an import without them, its country. */
function rulesOf(p: RankableProgram): EligibilityRules | null {
  if (p.eligibilityRules) return p.eligibilityRules;
  if (p.country !== 'CA' && p.country !== 'US') return null;
  return {
    applicantTypes: [...ALL_APPLICANT_TYPES],
    countries: [p.country],
    regions: [],
    careerStages: [],
    fields: [],
    excludedFields: [],
    partner: null,
    ownership: null,
    citizenship: null,
  };
}

/**
 * A catalogue row as the ranking reads it, its deadline computed for `today` as the database's
 * would be (the next date still to come, else the last one): for tests and the evaluation, which
 * rank the seed without a database.
 */
type Nullish<T> = { [K in keyof T]?: T[K] | null };
/** The catalogue row's fields the ranking reads (a seed row or a database row). */
export type RankableRow = Pick<
  RankableProgram,
  'id' | 'name' | 'agency' | 'jurisdiction' | 'country' | 'region' | 'programType' | 'currency'
> &
  Nullish<
    Pick<
      RankableProgram,
      | 'fundingMin'
      | 'fundingMax'
      | 'fundingPeriod'
      | 'deadlinePattern'
      | 'eligibility'
      | 'description'
      | 'url'
      | 'eligibilityRules'
      | 'deadlineRule'
      | 'nextDeadlines'
    >
  > & { projectedDeadlines?: string[] | null; status?: string | null };

export function rankableFromRow(row: RankableRow, today: Date): RankableProgram {
  const dates = [...(row.nextDeadlines ?? []), ...(row.projectedDeadlines ?? [])].sort();
  const deadline = nextDeadline(dates, today) ?? dates.at(-1) ?? null;
  return {
    id: row.id,
    name: row.name,
    agency: row.agency,
    jurisdiction: row.jurisdiction,
    country: row.country,
    region: row.region,
    programType: row.programType,
    currency: row.currency,
    fundingMin: row.fundingMin ?? null,
    fundingMax: row.fundingMax ?? null,
    fundingPeriod: row.fundingPeriod ?? null,
    deadline,
    deadlinePattern: row.deadlinePattern ?? null,
    eligibility: row.eligibility ?? null,
    description: row.description ?? null,
    url: row.url ?? null,
    // Paused and archived programs are never ranked among open ones (issue 25 §3).
    closed:
      intakeNotOpen(row.deadlineRule) ||
      /^(archived|closed)/i.test(row.status ?? '') ||
      (dates.length > 0 && !nextDeadline(dates, today)),
    eligibilityRules: row.eligibilityRules ?? null,
    deadlineRule: row.deadlineRule ?? null,
    nextDeadlines: row.nextDeadlines ?? [],
  };
}

const isOpen = (p: RankableProgram, today: Date) =>
  !p.closed && (p.deadline === null || (daysUntil(p.deadline, today) ?? -1) >= 0);

/** A program the applicant could apply to that takes no applications now (issue 25 §3). */
export interface NotOpenProgram {
  program: RankableProgram;
  intake: string;
  /** The funder's next date when one is known. */
  nextDate: string | null;
}

export interface ApplicantMatch {
  eligible: RankedProgram[];
  ineligible: IneligibleProgram[];
  /** Not open now, most relevant first; only programs the rules would let the applicant apply to. */
  notOpen: NotOpenProgram[];
  applicant: ApplicantProfile;
  /** Set when the country came from the account's e-mail domain, not from the request. */
  countryFromAccount: { country: Country; domain: string } | null;
}

/**
 * Rules first, then fit: the open programs the applicant may apply to, best first, and the ones
 * the applicant's own facts rule out, each with its reasons (never mixed into the ranking).
 */
export function matchPrograms(
  q: FundingQuery,
  programs: RankableProgram[],
  today: Date = new Date(),
): ApplicantMatch {
  const read = readApplicant({
    topic: q.researchTopic,
    details: q.researchDetails,
    team: q.teamProfile,
    file: q.fileText?.slice(0, 100_000),
  });
  // The profile's stated facts win over the text; the account's domain only fills a country
  // neither the profile nor the request gives.
  const stated = applyFacts(read, q.profileFacts ?? null, today);
  const countryFromAccount = stated.country === null ? countryOfEmail(q.accountEmail) : null;
  const who = countryFromAccount ? { ...stated, country: countryFromAccount.country } : stated;
  const eligible: RankableProgram[] = [];
  const ineligible: IneligibleProgram[] = [];
  const closed: RankableProgram[] = [];
  for (const p of programs) {
    const rules = rulesOf(p);
    const reasons = rules ? ineligibilityReasons(rules, who) : [];
    if (!isOpen(p, today)) {
      if (reasons.length === 0) closed.push(p);
      continue;
    }
    if (reasons.length > 0) ineligible.push({ program: p, reasons });
    else eligible.push(p);
  }
  const terms = queryTerms(q);
  const notOpen = notOpenList(closed, terms, today);
  if (eligible.length === 0) return { eligible: [], ineligible, notOpen, applicant: who, countryFromAccount };
  const profile = readProfile(q, who);
  // A stage the profile states (or its first-appointment year gives) replaces the text's guess.
  if (q.profileFacts?.careerStage || q.profileFacts?.careerStartYear)
    profile.earlyCareer = who.careerStage === 'early-career';
  const relevance = bm25(eligible, terms);
  // Scaled to a full match, not to the best candidate: one generic word ("create", "standards")
  // that happens to be the best match is still a weak one.
  const max = Math.max(...relevance.map((r) => r.score), fullMatch(eligible.length));
  const ranked = eligible
    .map((p, i) => scoreProgram(p, profile, who, relevance[i]!.score / max, relevance[i]!.matched, today))
    .sort((x, y) => y.score - x.score || x.program.name.localeCompare(y.program.name));
  return { eligible: ranked, ineligible, notOpen, applicant: who, countryFromAccount };
}

// The "Not open now" list names the few closed programs closest to the request.
const NOT_OPEN_SHOWN = 10;

function notOpenList(
  closed: RankableProgram[],
  terms: Map<string, { weight: number; word: string }>,
  today: Date,
): NotOpenProgram[] {
  if (closed.length === 0) return [];
  const relevance = bm25(closed, terms);
  return closed
    .map((program, i) => ({ program, score: relevance[i]!.score }))
    .filter((c) => c.score > 0)
    .sort((x, y) => y.score - x.score || x.program.name.localeCompare(y.program.name))
    .slice(0, NOT_OPEN_SHOWN)
    .map(({ program: p }) => {
      const next = (p.nextDeadlines ?? []).filter((d) => (daysUntil(d, today) ?? -1) >= 0).sort()[0] ?? null;
      return {
        program: p,
        intake:
          intakeText(p.deadlineRule) ??
          (p.deadline ? `Last deadline ${p.deadline}; next not announced` : 'Not taking applications'),
        nextDate: next,
      };
    });
}

/** Ranks the open programs the applicant is eligible for, best first. */
export function rankPrograms(
  q: FundingQuery,
  programs: RankableProgram[],
  today: Date = new Date(),
): RankedProgram[] {
  return matchPrograms(q, programs, today).eligible;
}

/** The keywords to pre-select candidates with full-text search in a large catalogue. */
export function candidateKeywords(q: FundingQuery, max = 12): string[] {
  return [...queryTerms(q).entries()]
    .sort((a, b) => b[1].weight - a[1].weight)
    .map(([, v]) => v.word.replace(/[^a-z0-9]/g, ''))
    .filter((w) => w.length > 2)
    .slice(0, max);
}

// The "Not eligible" list names the curated programs set aside, not every import.
const NOT_ELIGIBLE_SHOWN = 60;

const TYPE_LABEL = new Map<string, string>(PROGRAM_TYPES.map((t) => [t.value, t.label]));

function firstSentences(text: string | null, max = 320): string {
  if (!text) return '';
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const end = cut.lastIndexOf('. ');
  return end > 80 ? cut.slice(0, end + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}

/** The deadline as users read it: a date (marked expected when projected), or the kind of intake. */
export function deadlineText(p: RankableProgram): string {
  if (p.deadline) {
    const projected = p.deadlineRule?.kind === 'recurring' && !(p.nextDeadlines ?? []).includes(p.deadline);
    return projected ? `${p.deadline} (expected)` : p.deadline;
  }
  return intakeText(p.deadlineRule) ?? 'Dates set in each call';
}

export function fundingRangeOf(p: RankableProgram): string {
  return formatFundingRange(p.fundingMin, p.fundingMax, p.currency, p.fundingPeriod);
}

export const LOCATION_UNKNOWN_NOTICE =
  'Your request does not say where you are based, so programs open only in Canada or only in the United States are both listed. Add your city and province or state to the team profile to see only the programs you can apply to.';

/** Says where the country came from, so a researcher based elsewhere knows how to correct it. */
export const accountCountryNotice = (from: { country: Country; domain: string }) =>
  `Your request does not say where you are based, so programs are matched for ${COUNTRY_NAME[from.country]}, where your account's e-mail address (${from.domain}) places you. Add your city and province or state to the team profile to match elsewhere, or to include programs of one province or state.`;

const FACT_WORDS: Array<[keyof ApplicantFacts, string]> = [
  ['kind', 'who applies'],
  ['country', 'country'],
  ['region', 'province or state'],
  ['fields', 'field'],
  ['careerStage', 'career stage'],
  ['careerStartYear', 'first appointment'],
  ['degreeYear', 'degree year'],
  ['clinicalDoctorate', 'clinical doctorate'],
  ['citizenship', 'citizenship'],
  ['employees', 'employees'],
  ['ownedInCountry', 'ownership'],
  ['r15EligibleInstitution', 'NIH R15 institution'],
  ['indigenous', 'Indigenous organization'],
];

const KIND_NOUN: Record<NonNullable<ApplicantProfile['kind']>, string> = {
  researcher: 'university researcher',
  postdoc: 'postdoctoral researcher',
  student: 'student',
  company: 'company',
  'non-profit': 'non-profit organization',
};

/**
 * Who the search matched and where each fact came from (issue 25 §1: "the results say what was
 * assumed"): the profile's stated facts, else the request's words, named one by one ("Read from
 * your text: company in British Columbia — set your profile to be sure"); unknown facts excluded
 * nothing.
 */
export function applicantNote(who: ApplicantProfile, facts: ApplicantFacts | null): string | null {
  const you = applicantWords(who);
  const region = who.regions[0] ? SUBDIVISION_BY_CODE.get(who.regions[0])?.name : null;
  const field = who.fields[0] ? FIELD_LABEL[who.fields[0]] : null;
  if (!you && !field && !region) return null;
  const parts = [
    you ? `Matched for ${you}` : 'Matched for an applicant whose kind is not stated',
    region ? ` in ${region}` : '',
    field ? `, working in ${field}` : '',
    '.',
  ].join('');
  const given = facts
    ? FACT_WORDS.filter(([key]) => {
        const value = facts[key];
        return Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined;
      }).map(([, words]) => words)
    : [];
  // The facts the rules read from the request's words, each as read.
  const stated = new Set(who.stated?.fromProfile ?? []);
  const place =
    !stated.has('region') && region
      ? region
      : !stated.has('country') && who.country
        ? COUNTRY_NAME[who.country]
        : null;
  const kind = !stated.has('kind') && who.kind ? KIND_NOUN[who.kind] : null;
  const readField = !stated.has('fields') && field ? field : null;
  const written = who.stated?.fromText ?? [];
  const years = [
    written.includes('careerStartYear') ? `first appointment ${who.stated?.careerStartYear}` : null,
    written.includes('degreeYear') ? `PhD ${who.stated?.degreeYear}` : null,
  ];
  const read = [kind && place ? `${kind} in ${place}` : (kind ?? place), readField, ...years]
    .filter(Boolean)
    .join(', ');
  const fromText = read
    ? ` Read from your text: ${read} — set your applicant profile on the Account page to be sure.`
    : '';
  const source =
    given.length > 0
      ? ` From your applicant profile: ${given.join(', ')}.${fromText}`
      : fromText || ' No applicant profile: set yours on the Account page so rules read what you state.';
  return `${parts}${source} A fact neither gives rules nothing out.`;
}

/**
 * The spec's fundingResults: every ranked program in brief, and the top ones explained; with
 * `ineligible`, a separate "Not eligible, because…" list the user can ask to see.
 */
export function toFundingResults(
  ranked: RankedProgram[],
  opts: {
    programs?: number;
    recommendations?: number;
    ineligible?: IneligibleProgram[];
    notOpen?: NotOpenProgram[];
    applicant?: ApplicantProfile;
    /** The stated facts the search used (profile plus override): named in the applicant note. */
    facts?: ApplicantFacts | null;
    countryFromAccount?: { country: Country; domain: string } | null;
  } = {},
) {
  const top = ranked.slice(0, opts.programs ?? 10);
  // Location rules are checked only against a known location; say where it came from, or that
  // there was none, rather than imply it.
  const notice = opts.countryFromAccount
    ? accountCountryNotice(opts.countryFromAccount)
    : opts.applicant && opts.applicant.country === null
      ? LOCATION_UNKNOWN_NOTICE
      : null;
  const note = opts.applicant ? applicantNote(opts.applicant, opts.facts ?? null) : null;
  return {
    ...(notice ? { notice } : {}),
    ...(note ? { applicant_note: note } : {}),
    ...(opts.notOpen
      ? {
          not_open: opts.notOpen.map(({ program: p, intake, nextDate }) => ({
            program_name: p.name,
            agency_name: p.agency,
            program_id: p.id,
            intake,
            next_date: nextDate,
          })),
        }
      : {}),
    ...(opts.ineligible
      ? {
          not_eligible: opts.ineligible.slice(0, NOT_ELIGIBLE_SHOWN).map(({ program: p, reasons }) => ({
            program_name: p.name,
            agency_name: p.agency,
            program_id: p.id,
            because: reasons.join(' '),
          })),
        }
      : {}),
    funding_programs: top.map(({ program: p }) => ({
      program_name: p.name,
      agency_name: p.agency,
      funding_range: fundingRangeOf(p),
      deadline: deadlineText(p),
    })),
    recommendations: top.slice(0, opts.recommendations ?? 5).map(({ program: p, reasons }) => ({
      name: p.name,
      agency: p.agency,
      description:
        `${TYPE_LABEL.get(p.programType) ?? 'Program'} (${p.jurisdiction}). ${firstSentences(p.description)}`.trim(),
      eligibility: firstSentences(p.eligibility, 500),
      funding_range: fundingRangeOf(p),
      deadline: deadlineText(p),
      why_it_matched: reasons.join(' '),
      program_id: p.id,
      url: p.url,
    })),
  };
}
