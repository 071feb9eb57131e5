/**
 * Fields of research: the six major fields of the OECD Frascati Manual's Fields of Research and
 * Development (FORD, 2015), with keyword lexicons to classify a researcher's own description.
 * The Canadian tri-agency mandates map onto them: health → CIHR, natural sciences and engineering
 * (and the natural-science side of agriculture) → NSERC, social sciences and humanities → SSHRC.
 */
import { z } from 'zod';
import lexiconData from './field-lexicon.json' with { type: 'json' };
import { STUDIES_OF, takePhrases, toPattern } from './field-phrases.ts';

export { toPattern };

export const FIELDS = [
  { value: 'natural-sciences', label: 'natural sciences' },
  { value: 'engineering', label: 'engineering and technology' },
  { value: 'health', label: 'medical and health sciences' },
  { value: 'agriculture', label: 'agricultural and veterinary sciences' },
  { value: 'social-sciences', label: 'social sciences' },
  { value: 'humanities', label: 'humanities and the arts' },
] as const;
export type Field = (typeof FIELDS)[number]['value'];
export const FIELD_VALUES = FIELDS.map((f) => f.value) as [Field, ...Field[]];
export const FIELD_LABEL: Record<Field, string> = Object.fromEntries(
  FIELDS.map((f) => [f.value, f.label]),
) as Record<Field, string>;

/**
 * Words and phrases that place a text in a field, as data (field-lexicon.json beside this file,
 * issue 25 §3), checked once here: each a whole-word match, case-insensitive, a trailing * allowing
 * endings; grouped in the file with the reason where it is not plain. "health" alone is not there
 * on purpose: "urban tree health" or "soil health" is not health research.
 */
const lexiconSchema = z.object({
  $comment: z.string(),
  fields: z
    .object(
      Object.fromEntries(
        FIELD_VALUES.map((field) => [
          field,
          z.array(
            z.object({ why: z.string().optional(), words: z.array(z.string().min(2)).min(1) }).strict(),
          ),
        ]),
      ),
    )
    .strict(),
});
// In the file's order, not the schema's: the order of the fields breaks ties between them.
const lexiconFields = lexiconSchema.parse(lexiconData).fields;
const LEXICON = Object.fromEntries(
  Object.keys(lexiconData.fields).map((field) => [
    field,
    lexiconFields[field as Field]!.flatMap((group) => group.words),
  ]),
) as Record<Field, string[]>;

const PATTERNS = Object.fromEntries(
  (Object.entries(LEXICON) as Array<[Field, string[]]>).map(([field, words]) => [
    field,
    new RegExp(`(?<![\\w-])(?:${words.map(toPattern).join('|')})(?![\\w-])`, 'gi'),
  ]),
) as Record<Field, RegExp>;

export interface FieldScore {
  field: Field;
  score: number;
  /** The words that placed the text in this field, as written. */
  words: string[];
}

/**
 * A department, school or faculty the applicant names ("Department of Social Sciences", "School of
 * Education", "Sociology Department"): its name read with the same lexicon.
 */
const DEPARTMENT =
  /\b(?:department|dept\.?|school|faculty)\s+of\s+(?:the\s+)?([^,.;:()\n]+)|([A-Z][\w&' -]*?)\s+(?:department|dept\.?)\b/gi;

/**
 * Work words that fit any council (issue 25 §1): for "policy", "governance" or "community" work the
 * applicant's department decides the mandate, not a topic word such as "disease".
 */
const CROSS_CUTTING = /(?<![\w-])(?:polic(?:y|ies)|governance|communit(?:y|ies))(?![\w-])/i;

/** The fields of the departments the text names, in the order named. */
export function departmentFields(text: string): Field[] {
  const found: Field[] = [];
  for (const m of text.matchAll(DEPARTMENT)) {
    const name = m[1] ?? m[2] ?? '';
    for (const { value: field } of FIELDS) {
      PATTERNS[field].lastIndex = 0;
      const named = PATTERNS[field].test(name);
      // A global pattern's test() leaves lastIndex past its match, and matchAll() starts from there:
      // the next request's field words before that point went uncounted (ADR 0885).
      PATTERNS[field].lastIndex = 0;
      if (named && !found.includes(field)) found.push(field);
    }
  }
  return found;
}

/** The fields a text is about, strongest first; a field needs two mentions, or one in the topic. */
export function classifyFields(text: string, topic = ''): FieldScore[] {
  const scores = scoreFields(text, topic);
  // The department decides the council for cross-cutting work: its field goes first when it is the
  // only field the department's name gives.
  const departments = departmentFields(topic);
  if (departments.length !== 1 || !CROSS_CUTTING.test(text)) return scores;
  const field = departments[0]!;
  const own = scores.find((s) => s.field === field) ?? { field, score: 0, words: [] };
  return [own, ...scores.filter((s) => s.field !== field)];
}

/**
 * The applicant's own field (issue 25 §2, ADR 0930): the disciplines the team profile names, the
 * words the applicant uses for who they are ("History Department", "engineering physicist",
 * "College of Education", "Computer Science"). Where it names one, the mandate follows it, and the
 * topic's other words are that discipline's subject matter: a historian's "ecological imperialism"
 * is history, an engineering physicist's "light, electronics and molecules" detector is engineering,
 * not CIHR's. A topic that names none of the applicant's fields is itself the subject and leads (a
 * statistician's "life expectancy" is demography, a biochemistry student's "common disease" is
 * health research), unless the work is policy, governance or community work, which is the
 * department's (ADR 0820). Where the team profile names no field, the whole request decides.
 */
export function applicantFields(text: string, topic: string, team: string): FieldScore[] {
  return withoutStudiedFields(text, fundamentalLifeScience(ownFields(text, topic, team)));
}

const STUDY_PATTERNS = Object.entries(STUDIES_OF).map(([phrase, field]) => ({
  field,
  re: new RegExp(`(?<![\\w-])${toPattern(phrase)}(?![\\w-])`, 'i'),
}));

/**
 * The field a named discipline studies (a history of medicine, a philosophy of science) is that
 * discipline's subject, not a second field of the work (STUDIES_OF, ADR 0996); kept only when it
 * would be the sole field left.
 */
function withoutStudiedFields(text: string, scores: FieldScore[]): FieldScore[] {
  const studied = new Set(STUDY_PATTERNS.filter(({ re }) => re.test(text)).map(({ field }) => field));
  if (studied.size === 0) return scores;
  const kept = scores.filter((s) => !studied.has(s.field));
  return kept.length > 0 ? kept : scores;
}

/**
 * Where the team profile turns to the others on the team ("co-applicants Sarah Everts (School of
 * Journalism) and Majid Komeili (Computer Science)"): their departments are not the applicant's
 * field and must not open another council's programs (ADR 0996; Christensen, held-out 1).
 */
const OTHERS_ON_TEAM =
  /(?<![\w-])(?:co-?applicants?|co-?investigators?|co-?principal investigators?|co-?pis?|collaborators?|co-?supervisors?|supervisors?|partnering with)(?![\w-])/i;

/** The team profile up to where it names the others on the team: the applicant's own words. */
export function applicantOwnText(team: string): string {
  const at = OTHERS_ON_TEAM.exec(team);
  return at ? team.slice(0, at.index) : team;
}

/**
 * Health words that also name fundamental processes of living things (immunity, viruses). NSERC's
 * guideline for the health grey zone (nserc-crsng.gc.ca, "Guidelines for the Evaluation of Subject
 * Matter Eligibility of Discovery Grant Applications Related to the Health Sciences", read
 * 2026-11-28): "Research seeking to further our understanding of fundamental processes with no
 * immediate application or benefit to human health is eligible for NSERC support."
 */
const FUNDAMENTAL_LIFE = /^(?:immun\w*|virus|viruses|viral|virolog\w*)$/i;

/**
 * A request that reads as health only through those words, beside a natural-science field and
 * with no word of human health (patients, disease, clinical, therapy...), is fundamental life
 * science: the natural sciences' subject matter, not CIHR's (ADR 0996; Tokuyama's endogenous
 * retroviruses in innate immune cells, a microbiology and immunology department, won NSERC).
 */
function fundamentalLifeScience(scores: FieldScore[]): FieldScore[] {
  const health = scores.find((s) => s.field === 'health');
  if (!health || !scores.some((s) => s.field === 'natural-sciences')) return scores;
  if (!health.words.every((w) => FUNDAMENTAL_LIFE.test(w))) return scores;
  return scores.filter((s) => s.field !== 'health');
}

function ownFields(text: string, topic: string, team: string): FieldScore[] {
  const own = scoreFields(applicantOwnText(team), '', 1);
  if (own.length === 0) return classifyFields(text, `${topic}\n${team}`);
  const all = scoreFields(text, topic, 0);
  const withText = (f: FieldScore): FieldScore => {
    const inText = all.find((a) => a.field === f.field);
    return {
      field: f.field,
      score: f.score + (inText?.score ?? 0),
      words: [...new Set([...f.words, ...(inText?.words ?? [])])].slice(0, 8),
    };
  };
  const mine = own.map(withText).sort((a, b) => b.score - a.score);
  const subject = scoreFields(topic, '', 1);
  // Policy, governance and community work is the department's field whatever its subject (ADR 0820).
  const ownsTopic = subject.some((s) => own.some((o) => o.field === s.field));
  if (subject.length === 0 || ownsTopic || CROSS_CUTTING.test(text)) return mine;
  return [...subject.map(withText).sort((a, b) => b.score - a.score), ...mine];
}

/**
 * Each field's mentions: a topic word counts twice, a phrase twice again. `least`: the score a
 * field needs (2 by default: two mentions, or one in the topic); a positive `least` also drops the
 * fields far behind the main one, which are passing mentions ("clinical" in a physics proposal).
 */
function scoreFields(allText: string, allTopic: string, least = 2): FieldScore[] {
  const scores: FieldScore[] = [];
  const { found, rest } = takePhrases([allText, allTopic]);
  const [text, topic] = rest as [string, string];
  for (const { value: field } of FIELDS) {
    const [phraseText = [], phraseTopic = []] = found.get(field) ?? [];
    const inText = [...phraseText, ...[...text.matchAll(PATTERNS[field])].map((m) => m[0].toLowerCase())];
    const inTopic = [...phraseTopic, ...[...topic.matchAll(PATTERNS[field])].map((m) => m[0].toLowerCase())];
    // A phrase (FIELD_PHRASES) counts as two words: it names the field more surely than one word.
    const score = inText.length + 2 * inTopic.length + phraseText.length + 2 * phraseTopic.length;
    if (score > 0 && score >= least)
      scores.push({ field, score, words: [...new Set([...inTopic, ...inText])].slice(0, 8) });
  }
  scores.sort((a, b) => b.score - a.score);
  if (scores.length === 0 || least === 0) return scores;
  const top = scores[0]!.score;
  return scores.filter((s) => s.score >= Math.max(least, top * 0.34));
}
