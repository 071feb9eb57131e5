import type { EvidenceNeed } from '@grantleaf/shared/program-criteria.schema';
import { type ResolvedElement } from '../profile/criteria.ts';
import { PROGRAM_CRITERIA } from '../profile/data.ts';
import { isEngineSentence } from '../read/engine-text.ts';
import { type FactModel, readText } from '../read/index.ts';
import { sentenceSpans, splitSentences } from '../text/sentences.ts';
import { DETECTED_FAMILY, detectFamilies, type FamilyDetection } from './detect.ts';
import {
  escapeRe,
  MIN_EVIDENCE_WORDS,
  MIN_OWN_TERMS,
  type ReadSentence,
  type ReviewReading,
} from './reading.ts';

/**
 * Whether a text supplies each required element (issue 24 §4): the trained detector (detect.ts,
 * ADR 0300) for the element families it was measured on, what the applicant states outright (the
 * fact model), and the cue rule for elements no labelled family stands for. Reads the reviewer's
 * reading (reading.ts) of the text; the engine's own sentences are never evidence or a quote.
 */

/** A quote longer than this is cut (at a word) and ends with "…"; the part shown is verbatim. */
const QUOTE_WORDS = 40;

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

function cueMatcher(cues: readonly string[]): RegExp {
  const escaped = cues.map((c) => escapeRe(c.toLowerCase()));
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${escaped.join('|')})`, 'u');
}

const matchers = new Map<string, RegExp[]>();

/**
 * Whether the text supplies one required element. For the families the trained detector was
 * measured on, the detector decides (ADR 0610): "found" at or above its precision-calibrated
 * threshold, "missing" below its "missing" one, "not assessed" between. What the applicant states
 * outright (the fact model) is never missing. Elements no labelled family stands for keep the cue
 * rule alone.
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
  const family = DETECTED_FAMILY.get(element.id);
  // Elements no labelled family stands for (rigour, cost share, the SR&ED elements, …) keep the
  // cue rule: nothing measured could replace it yet.
  if (!family) return cueFinding(reading, element, taken);
  // A labelled family is the detector's alone (ADR 0610): the cue rule OR-ed with it said "found"
  // wrongly three times in four on development; it is one of the model's features instead.
  return detectedFinding(reading, element, detectionsOf(reading)[family]);
}

/** Whether the fact model names a partner organisation in the text (an exact reading, ADR 0610). */
export function namesPartner(text: string): boolean {
  return readText([{ id: 'text', text }]).organisations.some((o) => o.role === 'partner');
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
  const stated = [
    ...facts.statements.filter((s) => (kinds as string[]).includes(s.kind)),
    // An objective the applicant labelled ("Aim 2: …") states the element whatever its words.
    ...(kinds.includes('objective') ? facts.objectives : []),
    // A partner's cash or in-kind amount, as the sentence that states it.
    ...amountSentences(reading.text, facts, kinds),
  ];
  let best: { text: string; carries: EvidenceNeed[] } | null = null;
  for (const statement of stated) {
    if (/\?\s*$/.test(statement.text)) continue;
    // An element's own description ("Who does the work, their … record") is the engine's text.
    if (isEngineText(statement.text)) continue;
    // The reviewer's reading of the same words says which specific content they carry.
    const read = reading.sentences.filter(
      (s) => statement.text.includes(s.text) || s.text.includes(statement.text),
    );
    const carries = element.needs.filter((n) => read.some((s) => s.has[n]));
    // Quoted as the reader's own sentence that holds the statement ("Aim 2: test it …"), verbatim;
    // a statement inside one of the engine's sentences (a pasted draft's cost-rule line) is its text.
    const text = read.find((s) => s.text.includes(statement.text))?.text ?? statement.text;
    if (isEngineText(text)) continue;
    if (!best || carries.length > best.carries.length) best = { text, carries };
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

/** The sentences of the text holding an amount the fact model read with one of these roles. */
function amountSentences(text: string, facts: FactModel, roles: readonly string[]): { text: string }[] {
  const starts = facts.amounts.filter((a) => roles.includes(a.role)).map((a) => a.source.start);
  if (starts.length === 0) return [];
  return sentenceSpans(text)
    .filter((span) => starts.some((at) => at >= span.start && at < span.end))
    .map((span) => ({ text: span.text }));
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
    // A question (a funder's prompt used as a heading, a note to the applicant) supplies nothing,
    // and the engine's own words (a pasted draft's rule lines) are never evidence.
    if (s.words < MIN_EVIDENCE_WORDS || /\?\s*$/.test(s.text) || isEngineText(s.text)) continue;
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
    // Fragments under three words (a running header, a page number) are page furniture: kept out of
    // the windows, a PDF paste's re-wrapping does not move them.
    const own = reading.sentences.flatMap((s, i) => (isEngineText(s.text) || s.words < 3 ? [] : [i]));
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
