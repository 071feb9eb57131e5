import type { EvidenceNeed } from '@grantleaf/shared/program-criteria.schema';
import { DETECTED_FAMILY, detectFamilies, type FamilyDetection } from '../detect/detect.ts';
import { PROGRAM_CRITERIA } from '../profile/data.ts';
import { type ResolvedElement } from '../profile/criteria.ts';
import { isEngineSentence } from '../read/engine-text.ts';
import { type FactModel, readText } from '../read/index.ts';
import { type Element, ELEMENT_LABELS } from './rubric.ts';
import { findMoney } from '../text/money.ts';
import { normalisePaste } from '../text/paste.ts';
import { countWords, splitSentences, truncateWords } from '../text/review-text.ts';

/**
 * Finds the evidence reviewers look for in a text. Each element is measured three ways: how many
 * distinct concepts of it appear, in how many sentences, and how many of those sentences carry a
 * figure (a number, a date, an amount). Strength is 0..1. Deterministic: regexes only.
 */

interface ElementSpec {
  /** Distinct concepts; each counts once however often it appears. */
  concepts: RegExp[];
  /** How many concepts, sentences and quantified sentences make full marks. */
  conceptTarget: number;
  sentenceTarget: number;
  quantTarget: number;
}

const SPECS: Record<Element, ElementSpec> = {
  objectives: {
    concepts: [
      /\bobjectives?\b/i,
      /\baims?\b/i,
      /\bgoals?\b/i,
      /\btargets?\b/i,
      /\bhypothes[ie]s\b/i,
      /\bwill (?:reduce|increase|improve|achieve|demonstrate|develop|deliver|validate|quantify|establish|determine|test)\b/i,
      /\bmeasur(?:e|able|ed|ing)\b|\bKPIs?\b|key performance/i,
      /\bsuccess (?:criteria|criterion|metric)|\bby at least\b|\bfrom \S+ to \S+/i,
      // A numbered item that starts with an action verb is an objective: "(2) build a model that …".
      /^\s*\(?\d{1,2}[.)]\s+(?:to\s+)?(?:quantify|build|test|develop|determine|measure|assess|evaluate|establish|identify|characteri[sz]e|demonstrate|reduce|increase|improve|validate|deliver|compare|design|record|train|publish)\b/im,
    ],
    conceptTarget: 4,
    sentenceTarget: 4,
    quantTarget: 3,
  },
  methods: {
    concepts: [
      /\bmethod(?:s|ology|ological)?\b/i,
      /\bapproach\b/i,
      /\bexperiment/i,
      /\bprotocol/i,
      /\b(?:study|experimental|research) design\b/i,
      /\bsample|\bcohort|\bparticipants?\b|\brecruit/i,
      /\bdata ?sets?\b|\bdata collection\b|\bcorpus\b/i,
      /\bstatistic|\bregression|\bpower analysis|\bmodell?ing\b|\bmachine learning\b/i,
      /\bsurvey|\binterview|\bfocus groups?\b|\bethnograph|\barchival/i,
      /\btrial\b|\brandomi[sz]ed|\bcontrol(?:led)? group|\bbaseline\b/i,
      /\bsimulat|\bprototyp|\bbenchmark|\btest bench|\bfield test/i,
      /\banaly[sz](?:e|is|es|ing)\b/i,
      /\bvalidat/i,
    ],
    conceptTarget: 5,
    sentenceTarget: 5,
    quantTarget: 2,
  },
  milestones: {
    concepts: [
      /\bmilestones?\b/i,
      /\bdeliverables?\b/i,
      /\bphases?\b/i,
      /\btimeline|\bschedule|\bgantt/i,
      /\bwork ?plan\b/i,
    ],
    conceptTarget: 3,
    sentenceTarget: 3,
    quantTarget: 4,
  },
  budget: {
    concepts: [
      /\bsalar|\bstipend|\bwages?\b|\bpersonnel costs?\b/i,
      /\bequipment\b/i,
      /\bmaterials?\b|\bsupplies\b|\bconsumables\b/i,
      /\btravel\b/i,
      /\bpublication costs?|\bopen access fees?|\bdissemination costs?/i,
      /\boverhead|\bindirect costs?/i,
      /\bsubcontract|\bconsult(?:ant|ing)|\bcontractors?\b/i,
      /\bjustif/i,
      /\bin-kind\b|\bcash contribution|\bcost-?shar|\bmatching funds?/i,
    ],
    conceptTarget: 4,
    sentenceTarget: 3,
    quantTarget: 4,
  },
  team: {
    concepts: [
      /\bPh\.?\s?D\b|\bdoctorate\b|\bM\.?Sc\b|\bP\.?Eng\b|\bMD\b/,
      /\bprofessor\b|\bfaculty\b|\bprincipal investigator\b|\bco-(?:applicant|investigator)s?\b/i,
      /\b\d+\+?\s*years?\b[^.]{0,30}\bexperience\b|\bexperience\b[^.]{0,30}\b\d+\+?\s*years?\b/i,
      /\bpublications?\b|\bpublished\b|\bpeer-reviewed\b|\bpapers?\b|\bh-index\b|\bcitations?\b/i,
      /\bpatents?\b/i,
      /\bexpertise\b|\bexpert in\b|\bspeciali[sz]/i,
      /\b(?:has|have) led\b|\btrack record\b|\bpreviously\b|\bled the\b/i,
      /\baward|\bfellow(?:ship)?\b|\bchair\b/i,
      /\bengineers?\b|\bscientists?\b|\bclinicians?\b|\bCEO\b|\bCTO\b|\bco-?founder/i,
    ],
    conceptTarget: 4,
    sentenceTarget: 3,
    quantTarget: 2,
  },
  impact: {
    concepts: [
      /\bimpact/i,
      /\bbenefit/i,
      /\boutcomes?\b/i,
      /\bsociet|\bcommunit|\bpublic\b|\bcitizens?\b/i,
      /\beconom|\bjobs\b|\bexports?\b|\bproductivity/i,
      /\bhealth\b|\bpatients?\b|\bclinical\b|\bcare\b/i,
      /\benvironment(?:al)?\b|\bemissions?\b|\bclimate\b|\benergy\b|\bwaste\b/i,
      /\bpolicy|\bpolicies|\bguidelines?\b|\bpractice\b/i,
      /\bCanad|\bnational\b|\bAmerican\b|\bprovinc/i,
      /\badopt|\buptake\b|\bend-?users?\b|\bbeneficiar/i,
    ],
    conceptTarget: 4,
    sentenceTarget: 3,
    quantTarget: 2,
  },
  training: {
    concepts: [
      /\bHQP\b|\bhighly qualified personnel\b/i,
      /\bstudents?\b|\bgraduate\b|\bundergraduate|\bmaster'?s\b|\bdoctoral\b/i,
      /\bpostdoc|\bpost-doctoral|\bpostdoctoral/i,
      /\btrain(?:ing|ees?|ed)\b/i,
      /\bmentor/i,
      /\binterns?(?:hips?)?\b/i,
      /\bskills?\b|\bprofessional development\b|\bcareers?\b/i,
      /\bsupervis/i,
    ],
    conceptTarget: 4,
    sentenceTarget: 3,
    quantTarget: 2,
  },
  commercialisation: {
    concepts: [
      /\bcommerciali/i,
      /\bmarkets?\b|\bTAM\b|\bSAM\b/i,
      /\bcustomers?\b|\bclients?\b|\bbuyers?\b/i,
      /\blicen[cs]/i,
      /\bpatent|\bintellectual property\b|\bIP\b/i,
      /\brevenue|\bpricing\b|\bsales\b|\bunit economics\b/i,
      /\bspin-?off|\bstart-?up\b|\bventure\b/i,
      /\bpilot (?:customers?|deployments?|sites?)|\bletters? of intent\b|\bpurchase orders?\b/i,
      /\bTRL\b|\btechnology readiness\b|\bproduct\b/i,
      /\bregulat|\bFDA\b|\bHealth Canada\b|\bcertif/i,
      /\bcompetit/i,
    ],
    conceptTarget: 5,
    sentenceTarget: 4,
    quantTarget: 2,
  },
  partnership: {
    concepts: [
      /\bpartners?\b|\bpartnership/i,
      /\bcollaborat/i,
      /\bin-kind\b|\bcash contribution|\bco-?fund|\bmatching\b/i,
      /\bletters? of support\b/i,
      /\bindustr(?:y|ial)\b|\bcompany\b|\bmunicipal|\bhospital\b|\bNGO\b|\bnon-?profit/i,
      /\bco-?develop|\bjointly\b|\bsecondment|\bon-?site\b/i,
    ],
    conceptTarget: 3,
    sentenceTarget: 3,
    quantTarget: 1,
  },
  novelty: {
    concepts: [
      /\bnovel\b|\bfirst\b|\bnew approach\b|\bunprecedented\b/i,
      /\bstate[- ]of[- ]the[- ]art\b|\bexisting (?:methods|approaches|solutions|tools)\b|\bcurrent practice\b/i,
      /\bliterature\b|\bprior work\b|\bprevious stud|\breview(?:s|ed)? of\b/i,
      /\bgaps?\b|\blimitations?\b|\bunlike\b|\bin contrast\b|\bwhereas\b/i,
      /\binnovat/i,
      /\boriginal/i,
    ],
    conceptTarget: 3,
    sentenceTarget: 3,
    quantTarget: 1,
  },
  risk: {
    concepts: [
      /\brisks?\b/i,
      /\bmitigat/i,
      /\bcontingenc|\bfallback\b|\balternative (?:approach|plan|strateg)/i,
      /\bpreliminary (?:data|results|work)\b|\bpilot (?:study|data|results)\b|\bproof[- ]of[- ]concept\b/i,
      /\bfeasib/i,
    ],
    conceptTarget: 3,
    sentenceTarget: 2,
    quantTarget: 1,
  },
  dissemination: {
    concepts: [
      /\bpublish|\bjournals?\b|\bpeer-reviewed\b/i,
      /\bconferences?\b|\bworkshops?\b|\bsymposi/i,
      /\bopen access\b|\bopen[- ]source\b|\brepositor|\bGitHub\b/i,
      /\bknowledge mobili[sz]ation\b|\bknowledge translation\b|\bdissemination\b|\bknowledge sharing\b/i,
      /\bpolicy briefs?\b|\bstakeholders?\b|\bwebinars?\b|\bmedia\b/i,
    ],
    conceptTarget: 3,
    sentenceTarget: 2,
    quantTarget: 1,
  },
  environment: {
    concepts: [
      /\bfacilit/i,
      /\blaborator|\blab\b/i,
      /\bequipment\b|\binstrument|\binfrastructure\b|\bcluster\b|\bGPUs?\b/i,
      /\binstitution|\buniversity\b|\bcent(?:re|er)\b|\bhospital\b/i,
      /\bresources?\b|\baccess to\b/i,
    ],
    conceptTarget: 3,
    sentenceTarget: 2,
    quantTarget: 1,
  },
  edi: {
    concepts: [
      /\bequity\b|\bdiversity\b|\binclusi|\bEDI\b|\bDEI\b/i,
      /\bunder-?represented\b|\bwomen\b|\bIndigenous\b|\baccessib|\bbarriers?\b/i,
      /\bgender\b|\bSGBA\b|\bsex and gender\b/i,
    ],
    conceptTarget: 2,
    sentenceTarget: 2,
    quantTarget: 1,
  },
};

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE_RE = new RegExp(
  `\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b(?:${MONTHS})\\.?\\s+(?:\\d{1,2},?\\s+)?\\d{4}\\b|\\bQ[1-4]\\s*(?:FY)?\\s*\\d{2,4}\\b|\\b(?:month|year|week)s?\\s+\\d{1,2}(?:\\s*[-–]\\s*\\d{1,2})?\\b|\\bM\\d{1,2}\\s*[-–]\\s*M?\\d{1,2}\\b`,
  'gi',
);

export interface ElementEvidence {
  element: Element;
  label: string;
  strength: number;
  concepts: number;
  sentences: number;
  quantified: number;
  /** Dates (milestones) or amounts (budget) counted in the whole text. */
  figures: number;
  example: string | null;
}

export interface TextEvidence {
  words: number;
  sentences: number;
  quantifiedShare: number;
  elements: Record<Element, ElementEvidence>;
}

function isQuantified(sentence: string): boolean {
  const body = sentence.replace(/^\s*(?:\d+(?:\.\d+)*[.)]|[-*•])\s+/, '');
  return /\d/.test(body);
}

export function measureEvidence(text: string): TextEvidence {
  const clean = text.replace(/\[[^\]]*\]/g, ' ');
  const sentences = splitSentences(clean);
  const words = (clean.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$]*/gu) ?? []).length;
  const quantifiedCount = sentences.filter(isQuantified).length;
  const dates = clean.match(DATE_RE)?.length ?? 0;
  const amounts = findMoney(clean).filter((a) => a.explicit).length;

  const elements = {} as Record<Element, ElementEvidence>;
  for (const element of Object.keys(SPECS) as Element[]) {
    const spec = SPECS[element];
    const concepts = spec.concepts.filter((re) => re.test(clean)).length;
    // A bare heading ("Methods and approach") names an element but is not evidence of it.
    // A dated statement ("Year 1 (2027): core experiments") is a milestone even without the word.
    const datedIsEvidence = element === 'milestones';
    const matching = sentences.filter(
      (s) =>
        s.split(/\s+/).length >= 4 &&
        (spec.concepts.some((re) => re.test(s)) ||
          (datedIsEvidence && new RegExp(DATE_RE.source, 'i').test(s))),
    );
    const quantifiedSentences = matching.filter(isQuantified);
    const conceptScore = Math.min(1, concepts / spec.conceptTarget);
    const sentenceScore = Math.min(1, matching.length / spec.sentenceTarget);
    let quantScore = Math.min(1, quantifiedSentences.length / spec.quantTarget);
    let figures = 0;
    if (element === 'milestones') {
      figures = dates;
      quantScore = Math.min(1, dates / spec.quantTarget);
    } else if (element === 'budget') {
      figures = amounts;
      quantScore = Math.min(1, amounts / spec.quantTarget);
    }
    // Concepts without any sentence behind them are not evidence.
    const strength =
      matching.length === 0 ? 0 : 0.4 * conceptScore + 0.25 * sentenceScore + 0.35 * quantScore;
    // The example is the sentence that says most about the element, figures first.
    const ranked = matching
      .map((sentence, order) => ({
        sentence,
        order,
        rank: spec.concepts.filter((re) => re.test(sentence)).length * 2 + (isQuantified(sentence) ? 1 : 0),
      }))
      .sort((a, b) => b.rank - a.rank || a.order - b.order);
    const exampleSentence = ranked[0]?.sentence ?? null;
    elements[element] = {
      element,
      label: ELEMENT_LABELS[element],
      strength: Math.round(strength * 1000) / 1000,
      concepts,
      sentences: matching.length,
      quantified: quantifiedSentences.length,
      figures,
      example: exampleSentence ? truncateWords(exampleSentence, 14) : null,
    };
  }
  return {
    words,
    sentences: sentences.length,
    quantifiedShare: sentences.length ? quantifiedCount / sentences.length : 0,
    elements,
  };
}

/** One line naming what was found for an element, for justifications. */
export function describeEvidence(e: ElementEvidence): string {
  const parts = [`${e.sentences} sentence${e.sentences === 1 ? '' : 's'}`];
  if (e.element === 'milestones') parts.push(`${e.figures} date${e.figures === 1 ? '' : 's'}`);
  else if (e.element === 'budget') parts.push(`${e.figures} amount${e.figures === 1 ? '' : 's'}`);
  else parts.push(`${e.quantified} with figures`);
  const example = e.example ? `, e.g. "${e.example}"` : '';
  return `${e.label} (${parts.join(', ')}${example})`;
}

/** What is missing or thin for an element, in words a researcher understands. */
export function describeMissing(e: ElementEvidence): string {
  if (e.sentences === 0) return `${e.label} (not addressed)`;
  if (e.element === 'milestones' && e.figures < 2) return `${e.label} (no dates on the milestones)`;
  if (e.element === 'budget' && e.figures < 2) return `${e.label} (no amounts)`;
  if (e.quantified === 0 && e.element !== 'milestones' && e.element !== 'budget')
    return `${e.label} (nothing quantified)`;
  return `${e.label} (thin: ${e.sentences} sentence${e.sentences === 1 ? '' : 's'})`;
}

// --- the requirements reviewer: required elements with specific content ---------------------------

/** A sentence shorter than this is a heading or a fragment, never evidence. */
const MIN_EVIDENCE_WORDS = 5;
/** Words of the sentence's own (not rubric) vocabulary it needs to be about a project. */
const MIN_OWN_TERMS = 3;
/** A quote longer than this is cut (at a word) and ends with "…"; the part shown is verbatim. */
const QUOTE_WORDS = 40;

const STOP = new Set(
  'a an the and or but nor of for to in on at by with from as into onto over under than then that this these those there their they them it its is are was were be been being have has had do does did will would shall should can could may might must we our us you your he she his her i me my which who whom whose what when where why how not no all any each both few more most other some such only own same so too very also about above after again against before below between during out off once here further while because until if through up down per via within without upon among across'.split(
    ' ',
  ),
);

/** Words at a sentence's start, or capitalised by convention, that name nothing. */
const NOT_A_NAME = new Set(
  'i we our the a an this these that those in for to of and or with by on at as it its aim aims objective figure fig table section part phase year month week day quarter year task work specific first second third finally however therefore thus moreover in addition'.split(
    ' ',
  ),
);

const TECHNIQUE =
  /\b\w*(?:ometry|ography|oscopy|omics|omic|ology)\b|\b(?:regression|sequencing|chromatography|spectroscopy|microscopy|assay|ELISA|PCR|qPCR|CRISPR|knockout|transgenic|cohort|randomi[sz]ed|placebo|double-blind|mixed-effects|multilevel|Bayesian|Monte Carlo|finite[- ]element|neural network|random forest|gradient boosting|transformer|simulation|interviews?|focus groups?|ethnograph\w*|archival|survey(?:s|ed)?|questionnaires?|case stud(?:y|ies)|thematic analysis|grounded theory|meta-analysis|systematic review|ANOVA|t-test|chi-square|prototype|benchmark\w*|calibrat\w*|titration|electrophoresis|western blot|flow cytometry|imaging|MRI|fMRI|EEG|PET|CT|GIS|LiDAR|remote sensing|machine learning|deep learning|optimi[sz]ation|algorithm)\b/i;

const MONTHS_RE =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WHEN_RE = new RegExp(
  `\\b\\d{4}-\\d{2}(?:-\\d{2})?\\b|\\b(?:${MONTHS_RE})\\.?\\s+(?:\\d{1,2},?\\s+)?\\d{4}\\b|\\b(?:19|20)\\d{2}\\b|\\bQ[1-4]\\b|\\b(?:year|month|week|quarter|semester|phase)s?\\s+\\d{1,2}\\b|\\b(?:months?|years?|weeks?)\\s+\\d{1,2}\\s*[-–]\\s*\\d{1,2}\\b|\\bM\\d{1,2}\\b|\\b(?:first|second|third|fourth|fifth|final) (?:year|month|quarter|semester)\\b|\\b(?:spring|summer|fall|autumn|winter)\\s+(?:of\\s+)?(?:19|20)\\d{2}\\b`,
  'i',
);

/** A sentence with what the reviewer checks in it, computed once per text. */
export interface ReadSentence {
  text: string;
  lower: string;
  words: number;
  /** Content words that are not grant vocabulary: what the sentence says about this project. */
  ownTerms: number;
  /** Stems of its content words, for connecting the sentence to its neighbours. */
  allStems: Set<string>;

  has: Record<EvidenceNeed, boolean>;
}

export interface ReviewReading {
  /** The text as read: a PDF paste normalised, placeholders kept. */
  text: string;
  sentences: ReadSentence[];
  words: number;
  /** Share of content words that are generic grant vocabulary. */
  genericShare: number;
  /**
   * Share of content words that are grant vocabulary or the rubric's own words (its cues):
   * what is left is what the text says about its project. Keyword stuffing is mostly rubric.
   */
  vocabularyShare: number;
  /** Share of sentences that carry specific content about the project. */
  specificShare: number;
  coherence: Coherence;
  placeholders: string[];
}

export interface Coherence {
  /** Mean gap between a term's repeated uses against random order: about 1 shuffled, lower connected. */
  clustering: number;
  /** Terms the measure rests on. */
  terms: number;
}

const PLACEHOLDER_RE =
  /\[(?:to complete|tbd|todo|insert|add|placeholder|question)[^\]]*\]|\bTBD\b|\bTODO\b|\bXXX+\b|lorem ipsum/gi;

/** Notes left for the applicant ("[To complete: …]", "TBD"): text that is not yet written. */
export function findPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_RE)].map((m) => m[0]);
}

function tokens(text: string): string[] {
  return text.match(/[\p{L}][\p{L}\p{N}'’&-]*/gu) ?? [];
}

function stemOf(word: string): string {
  return word
    .toLowerCase()
    .replace(/[’']s$/, '')
    .slice(0, 6);
}

function specificContent(sentence: string, generic: Set<string>): Record<EvidenceNeed, boolean> {
  // Enumerators, citations and figure references carry digits but no content.
  const body = sentence
    .replace(
      /^\s*(?:\(?\d+(?:\.\d+)*[.):]|[-*•]|(?:aim|objective|task|step|phase|section)\s+\d+[.:)]?)\s*/i,
      '',
    )
    .replace(/\[\d+(?:[,–-]\s*\d+)*\]/g, ' ')
    .replace(
      /\b(?:fig(?:ure)?s?|tables?|eqs?|equations?|sections?|refs?|aims?|objectives?)\.?\s*\d+(?:\.\d+)*[a-z]?\b/gi,
      ' ',
    );
  const withoutYears = body.replace(/\b(?:19|20)\d{2}\b/g, ' ');
  const words = tokens(body);
  const name = words.some((w, i) => {
    if (i === 0) return false;
    const lower = w.toLowerCase();
    if (generic.has(lower) || NOT_A_NAME.has(lower)) return false;
    return /^\p{Lu}/u.test(w) && (/\p{Ll}/u.test(w) ? w.length > 2 : w.length >= 2);
  });
  const method =
    TECHNIQUE.test(body) ||
    words.some((w) => {
      if (generic.has(w.toLowerCase())) return false;
      // Acronyms and mixed letter-digit terms: LC-MS, RNA-seq, Cas9, COVID-19, H2O.
      return /^\p{Lu}{2,}[\p{L}\d-]*$/u.test(w) || /\p{L}\d|\d\p{L}/u.test(w);
    });
  return {
    number: /\d/.test(withoutYears),
    date: WHEN_RE.test(body),
    money: findMoney(body).some((m) => m.explicit),
    name,
    method,
  };
}

function readSentence(text: string, generic: Set<string>, rubric: RegExp): ReadSentence {
  const words = tokens(text);
  const content = words.map((w) => w.toLowerCase()).filter((w) => w.length >= 4 && !STOP.has(w));
  // The project's own words: neither grant vocabulary nor the words the rubric looks for.
  const own = content.filter((w) => !generic.has(w) && !rubric.test(w));
  return {
    text,
    lower: text.toLowerCase(),
    words: text.split(/\s+/).filter(Boolean).length,
    ownTerms: own.length,
    allStems: new Set(content.map(stemOf)),
    has: specificContent(text, generic),
  };
}

/** Terms in more than this share of sentences are the document's topic, not a local link. */
const TOPIC_TERM_SHARE = 0.3;

/**
 * How sentences connect to their neighbours, measured as how close together each term's
 * repeated uses sit: a written argument introduces a term and keeps using it for a few
 * sentences, so the gaps between its uses are shorter than if the sentences were placed at
 * random. `clustering` is observed gap / expected gap under random order (about 1.0 for shuffled
 * text, lower for a connected one). Terms that run through the whole text (its topic) are left
 * out: they say nothing about order. Every term is counted, so the measure is steadier than
 * looking at neighbouring pairs alone.
 */
export function measureCoherence(sentences: ReadSentence[]): Coherence {
  const n = sentences.length;
  const positions = new Map<string, number[]>();
  sentences.forEach((s, i) => {
    for (const t of s.allStems) {
      const list = positions.get(t) ?? [];
      list.push(i);
      positions.set(t, list);
    }
  });
  let observed = 0;
  let expected = 0;
  let terms = 0;
  for (const list of positions.values()) {
    if (list.length < 2 || list.length > TOPIC_TERM_SHARE * n) continue;
    terms++;
    for (let i = 1; i < list.length; i++) observed += (list[i] ?? 0) - (list[i - 1] ?? 0);
    // k uses placed at random among n sentences sit (n + 1) / (k + 1) apart on average.
    expected += ((list.length - 1) * (n + 1)) / (list.length + 1);
  }
  return { clustering: expected > 0 ? round3(observed / expected) : 1, terms };
}

/** Reads a pasted text once for every criterion: sentences, specificity, coherence, placeholders. */
export function readForReview(
  raw: string,
  genericVocabulary: readonly string[],
  cues: readonly string[],
): ReviewReading {
  const generic = new Set(genericVocabulary.map((w) => w.toLowerCase()));
  const singleWordCues = cues.map((c) => c.trim().toLowerCase()).filter((c) => /^[\p{L}&-]+$/u.test(c));
  const rubric = new RegExp(`^(?:${singleWordCues.map(escapeRe).join('|')})`, 'u');
  const text = normalisePaste(raw);
  const sentences = splitSentences(text).map((s) => readSentence(s, generic, rubric));
  const all = tokens(text)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 4 && !STOP.has(w));
  const genericCount = all.filter((w) => generic.has(w)).length;
  const vocabularyCount = all.filter((w) => generic.has(w) || rubric.test(w)).length;
  const body = sentences.filter((s) => s.words >= MIN_EVIDENCE_WORDS);
  const specific = body.filter(
    (s) => s.ownTerms >= MIN_OWN_TERMS && Object.values(s.has).some(Boolean),
  ).length;
  return {
    text,
    sentences,
    words: countWords(text.replace(/\[[^\]]*\]/g, ' ')),
    genericShare: all.length ? round3(genericCount / all.length) : 0,
    vocabularyShare: all.length ? round3(vocabularyCount / all.length) : 0,
    specificShare: body.length ? round3(specific / body.length) : 0,
    coherence: measureCoherence(sentences),
    placeholders: findPlaceholders(text),
  };
}

export type ElementStatus = 'found' | 'weak' | 'missing' | 'not_assessed';

export interface ElementFinding {
  id: string;
  label: string;
  status: ElementStatus;
  /** The sentence that best supplies the element, verbatim from the text as read. */
  quote: string | null;
  /** Which kinds of specific content the quoted sentence carries. */
  carries: EvidenceNeed[];
  expects: string;
  suggestion: string;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cueMatcher(cues: readonly string[]): RegExp {
  const escaped = cues.map((c) => escapeRe(c.toLowerCase()));
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${escaped.join('|')})`, 'u');
}

const matchers = new Map<string, RegExp[]>();

/**
 * Whether the text supplies one required element. For the families the trained detector was
 * measured on (ADR 0300), found by the detector or by the cue rule below is found (the detector's
 * quote first); "missing" is said only when neither finds it and the detector is below its
 * "missing" threshold; otherwise the element is not assessed. Elements no labelled family stands
 * for keep the cue rule alone.
 */
export function findElement(
  reading: ReviewReading,
  element: ResolvedElement,
  /** Sentences already quoted for another element of the same criterion: used only if nothing else fits. */
  taken: ReadonlySet<string> = new Set(),
): ElementFinding {
  const judged = judgedFinding(reading, element, taken);
  if (judged.status === 'found') return judged;
  // What the applicant states outright (a record, a pilot result) is never missing (issue 24 §1).
  const stated = statedFinding(reading, element);
  if (stated && (stated.status === 'found' || judged.status !== 'weak')) return stated;
  return judged;
}

function judgedFinding(
  reading: ReviewReading,
  element: ResolvedElement,
  taken: ReadonlySet<string>,
): ElementFinding {
  const rule = cueFinding(reading, element, taken);
  const family = DETECTED_FAMILY.get(element.id);
  if (!family) return rule;
  const detected = detectedFinding(reading, element, detectionsOf(reading)[family]);
  if (detected.status === 'found' || rule.status === 'found')
    return detected.status === 'found' ? detected : rule;
  if (detected.status === 'weak' || rule.status === 'weak')
    return detected.status === 'weak' ? detected : rule;
  return detected;
}

const factsOfReading = new WeakMap<ReviewReading, FactModel>();

/**
 * The element as the fact model states it: a statement of a kind the element lists in
 * `statedBy` (program-criteria.json) supplies it, found when its sentence carries the specific
 * content the element needs, weak otherwise. The fact reader masks the engine's own words, so a
 * rule or a question is never taken for the applicant's statement. Null when nothing is stated.
 */
function statedFinding(reading: ReviewReading, element: ResolvedElement): ElementFinding | null {
  const kinds = element.statedBy ?? [];
  if (kinds.length === 0) return null;
  let facts = factsOfReading.get(reading);
  if (!facts) {
    facts = readText([{ id: 'text', text: reading.text }]);
    factsOfReading.set(reading, facts);
  }
  let best: { text: string; carries: EvidenceNeed[] } | null = null;
  for (const statement of facts.statements) {
    if (!kinds.includes(statement.kind) || /\?\s*$/.test(statement.text)) continue;
    // The reviewer's reading of the same words says which specific content they carry.
    const read = reading.sentences.filter(
      (s) => statement.text.includes(s.text) || s.text.includes(statement.text),
    );
    const carries = element.needs.filter((n) => read.some((s) => s.has[n]));
    if (!best || carries.length > best.carries.length) best = { text: statement.text, carries };
  }
  if (!best) return null;
  return {
    id: element.id,
    label: element.label,
    status: best.carries.length > 0 ? 'found' : 'weak',
    quote: quoteOf(best.text),
    carries: best.carries,
    expects: element.expects,
    suggestion: element.suggestion,
  };
}

/**
 * The cue rule for one required element: a sentence that carries the element's meaning
 * (one of its cues) and specific content of a kind the element needs, in the project's own words
 * (not only rubric vocabulary), is found; a sentence with the meaning but without specifics is
 * weak; otherwise the element is missing.
 */
function cueFinding(
  reading: ReviewReading,
  element: ResolvedElement,
  /** Sentences already quoted for another element of the same criterion: used only if nothing else fits. */
  taken: ReadonlySet<string> = new Set(),
): ElementFinding {
  const key = element.cues.join('|');
  let cueRes = matchers.get(key);
  if (!cueRes) {
    cueRes = element.cues.map((c) => cueMatcher([c]));
    matchers.set(key, cueRes);
  }
  let best: { s: ReadSentence; rank: number; status: ElementStatus; carries: EvidenceNeed[] } | null = null;
  for (const s of reading.sentences) {
    // A question (a funder's prompt used as a heading, a note to the applicant) supplies nothing.
    if (s.words < MIN_EVIDENCE_WORDS || /\?\s*$/.test(s.text)) continue;
    // How strongly the sentence is about the element: how many of its distinct cues it uses.
    const hits = cueRes.filter((re) => re.test(s.lower)).length;
    if (hits === 0) continue;
    const carries = element.needs.filter((n) => s.has[n]);
    const own = s.ownTerms >= MIN_OWN_TERMS;
    const status: ElementStatus = carries.length > 0 && own ? 'found' : own ? 'weak' : 'missing';
    if (status === 'missing') continue;
    const rank =
      (status === 'found' ? 1000 : 0) +
      (taken.has(s.text) ? 0 : 500) +
      Math.min(5, hits) * 20 +
      carries.length * 5 +
      Math.min(4, s.ownTerms);
    if (!best || rank > best.rank) best = { s, rank, status, carries };
  }
  return {
    id: element.id,
    label: element.label,
    status: best?.status ?? 'missing',
    quote: best ? quoteOf(best.s.text) : null,
    carries: best?.carries ?? [],
    expects: element.expects,
    suggestion: element.suggestion,
  };
}

const detections = new WeakMap<ReviewReading, ReturnType<typeof detectFamilies>>();

/** The detector's verdict for every family, computed once per reading. */
function detectionsOf(reading: ReviewReading): ReturnType<typeof detectFamilies> {
  let d = detections.get(reading);
  if (!d) {
    const quotable = (i: number) => {
      const s = reading.sentences[i];
      // A question (a funder's prompt used as a heading, a note to the applicant) supplies nothing.
      return !!s && s.words >= MIN_EVIDENCE_WORDS && !/\?\s*$/.test(s.text);
    };
    // The engine's own words (rule explanations, questions, what an element expects) are neither
    // evidence nor quotable: the detector never sees them.
    const own = reading.sentences.flatMap((s, i) => (isEngineText(s.text) ? [] : [i]));
    const found = detectFamilies(
      own.map((i) => reading.sentences[i]!),
      (j) => quotable(own[j]!),
    );
    d = Object.fromEntries(
      Object.entries(found).map(([f, x]) => [f, { ...x, quote: x.quote === null ? null : own[x.quote]! }]),
    ) as typeof found;
    detections.set(reading, d);
  }
  return d;
}

let elementTexts: Set<string> | undefined;
const textKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A sentence the engine writes: a rule, a question, or a required element's own description. */
function isEngineText(sentence: string): boolean {
  elementTexts ??= new Set(
    Object.values(PROGRAM_CRITERIA.elements).flatMap((e) =>
      [e.expects, e.suggestion].flatMap((t) => splitSentences(t).map(textKey)),
    ),
  );
  return isEngineSentence(sentence) || elementTexts.has(textKey(sentence));
}

/**
 * A detected family as the reviewer reports it: found with the sentence quoted (weak when that
 * sentence is only grant and rubric vocabulary), missing only below the detector's "missing"
 * threshold, and not assessed in between, where the detector's development figures do not allow
 * either claim.
 */
function detectedFinding(
  reading: ReviewReading,
  element: ResolvedElement,
  d: FamilyDetection,
): ElementFinding {
  const s = d.quote === null ? undefined : reading.sentences[d.quote];
  const base = {
    id: element.id,
    label: element.label,
    expects: element.expects,
    suggestion: element.suggestion,
  };
  if (d.decision === 'found' && s) {
    const carries = element.needs.filter((n) => s.has[n]);
    const status: ElementStatus = s.ownTerms >= MIN_OWN_TERMS ? 'found' : 'weak';
    return { ...base, status, quote: quoteOf(s.text), carries };
  }
  const status: ElementStatus = d.decision === 'missing' ? 'missing' : 'not_assessed';
  return { ...base, status, quote: null, carries: [] };
}

function quoteOf(sentence: string): string {
  const words = sentence.split(/\s+/);
  return words.length <= QUOTE_WORDS ? sentence : `${words.slice(0, QUOTE_WORDS).join(' ')}…`;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
