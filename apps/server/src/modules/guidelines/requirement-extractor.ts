import { CHECKLIST_TEXT_MAX, type RequirementKind } from '@grantleaf/shared/guidelines.schema';
import { normalisePaste } from '../../ai/text/paste.ts';
import { countWords } from '../../ai/text/review-text.ts';
import { splitSentences } from '../../ai/text/sentences.ts';

/**
 * The rule-based reading of a funder's call (issue 16 §3, ADR 0115): its sentences that ask
 * something of the applicant, each with the page it is on when the text has pages. No model: a
 * sentence is a requirement when its words say so (must, should, eligible, a deadline with a
 * date, a limit), so it finds stated rules and misses requirements phrased as plain description
 * ("Applicants choose one of two streams"). eval/guidelines measures both.
 */
export interface RequirementStatement {
  text: string;
  /** 1-based page, when the extraction marked pages (PDF: a form feed between pages). */
  page: number | null;
  kind: RequirementKind;
}

const ELIGIBILITY =
  /\b(?:eligib\w*|ineligible)\b|\bmust (?:hold|be (?:affiliated|employed|enrolled|registered|a citizen|a permanent resident))\b/i;
const DEADLINE_WORD = /\b(?:deadlines?|due|clos(?:es|ing))\b/i;
/** A deadline word counts when a time or date comes with it; "the deadlines are identical" does not. */
const DEADLINE_WHEN =
  /\b(?:by|before|on|at)\s+(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b\d{1,2}:\d{2}\b|\b(?:19|20)\d{2}\b|\bdate\b/i;
const NO_LATER = /\bno later than\b/i;
const LIMIT =
  /\b(?:page limits?|maximum|minimum|no more than|not (?:to )?exceed|at most|up to \d|limited to|in excess of)\b|\b\d[\d,]*\s*(?:pages?|words?|characters?|lines)\b/i;
const FORMAT =
  /\b(?:fonts?|pt|point|margins?|single[- ]spaced|double[- ]spaced|spacing|pdf|file (?:format|size|type)|page size|letter[- ]size|hyperlinks?|zip|attachments?|colou?r)\b/i;
const MUST =
  /\b(?:must|shall|required|requires|mandatory|compulsory|needs? to|(?:are|is) responsible for|will not be (?:accepted|considered|reviewed|funded)|will be (?:rejected|removed|returned|withdrawn|considered late)|may be rejected|cannot|can not|may not|(?:are|is) expected to|expected to)\b|^(?:do not|don't|never)\b/i;
const SHOULD = /\b(?:should|recommended|encouraged|strongly advised|are advised)\b/i;

/** A list marker opening a line: "1.", "(a)", "•", "-". */
const LIST_MARKER = /^\s*(?:[-*•–]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s+/i;
/** A table-of-contents line: dot leaders and a page number. */
const CONTENTS_LINE = /\.{4,}\s*\d+\s*$/;
const MIN_WORDS = 5;
/** A line opening with a list marker: each item is its own statement, never joined to the line before. */
const LIST_ITEM_LINE = /\n(?=[ \t]*(?:[-*•–]|\(?\d{1,3}[.)]|\(?[a-z][.)])\s)/gi;

/** Times such as "8:00 p.m. (ET)": ICU ends a sentence after "p.m." before a capital or bracket. */
function mendTimes(sentences: string[]): string[] {
  const out: string[] = [];
  for (const s of sentences) {
    const prev = out[out.length - 1];
    if (prev !== undefined && /\b[ap]\.m\.$/i.test(prev)) out[out.length - 1] = `${prev} ${s}`;
    else out.push(s);
  }
  return out;
}

export function classifyRequirement(sentence: string): RequirementKind | null {
  const deadline = NO_LATER.test(sentence) || (DEADLINE_WORD.test(sentence) && DEADLINE_WHEN.test(sentence));
  const eligibility = ELIGIBILITY.test(sentence);
  const limit = LIMIT.test(sentence);
  const must = MUST.test(sentence);
  const should = SHOULD.test(sentence);
  if (!(deadline || eligibility || limit || must || should)) return null;
  if (eligibility) return 'eligibility';
  if (deadline) return 'deadline';
  if (limit) return 'limit';
  if (FORMAT.test(sentence)) return 'format';
  return must ? 'must' : 'should';
}

function clean(sentence: string): string {
  const text = sentence
    .replace(LIST_MARKER, '')
    .replace(/\s+/g, ' ')
    .replace(/[;,]\s*(?:and|or)?\s*$/i, '')
    .trim();
  return text.length > CHECKLIST_TEXT_MAX ? `${text.slice(0, CHECKLIST_TEXT_MAX - 1)}…` : text;
}

export function extractRequirements(text: string): RequirementStatement[] {
  const pages = text.split('\f');
  const paged = pages.length > 1;
  const seen = new Set<string>();
  const out: RequirementStatement[] = [];
  pages.forEach((pageText, index) => {
    for (const raw of mendTimes(splitSentences(normalisePaste(pageText.replace(LIST_ITEM_LINE, '\n\n'))))) {
      const sentence = clean(raw);
      // Headings, questions ("Am I eligible to apply?") and contents lines state nothing.
      if (countWords(sentence) < MIN_WORDS || sentence.endsWith('?') || CONTENTS_LINE.test(sentence))
        continue;
      const kind = classifyRequirement(sentence);
      if (!kind) continue;
      const key = sentence.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ text: sentence, page: paged ? index + 1 : null, kind });
    }
  });
  return out;
}
