import { type Element, ELEMENT_LABELS } from '../profile/rubric.ts';
import { findMoney } from '../text/money.ts';
import { truncateWords } from '../text/review-text.ts';
import { splitSentences } from '../text/sentences.ts';

/**
 * How much evidence of each element a drafted section carries, for the offline writer's own
 * self-check (criteria-map.ts): how many distinct concepts of it appear, in how many
 * sentences, and how many of those sentences carry a figure. Strength is 0..1. This measures the
 * engine's own draft against its own vocabulary; it never decides whether an applicant's text
 * supplies an element (that is ai/detect/elements.ts, measured on labelled proposals, ADR 0610).
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
