import type { Field } from './eligibility-fields.ts';

/**
 * Phrases that decide a field before single words are counted, and whose words then no longer
 * count for any other field (ADR 0885). A history of medicine is humanities work, though "medicine"
 * alone is a health word; climate action and climate resilience are work on how people act, though
 * "climate" alone is an Earth-science word; a centre for blood research does health research. Each
 * phrase is a whole-word match (a trailing * allows endings) and counts as two words, since it
 * names the field more surely than any one word; the field is the OECD Fields of
 * Science one the phrase names (history and philosophy of science: 6.3; political science and
 * social geography: 5.6 and 5.7; haematology: 3.2).
 */
export const FIELD_PHRASES: Record<Field, string[]> = {
  humanities: [
    'history of medicine',
    'history of science',
    'history of technology',
    'histories of medicine',
    'history and philosophy of science',
    'philosophy of science',
    'philosophy of medicine',
    'medical humanities',
    'health humanities',
    'literary criticism',
    // A chair or department named for a language's literature (ADR 1011): "Professor of English"
    // names no other field word, so Churchill's digital edition of Mina Loy was read with none.
    'professor of english',
    'professors of english',
    'department of english',
    'english department',
    // A request that names its field in so many words ("individual research in the humanities").
    'the humanities',
    // A civil war is history's subject (FORD 6.1), not civil engineering's (ADR 1161: Shubert's virtual
    // Spanish Civil War, a York history professor's Connection Grant, was shown NSERC for "civil").
    'civil war',
    'civil wars',
    // Artists and their artworks are the arts (FORD 6.4; ADR 1161: an Indigenous media-making summer
    // institute for emerging artists, in a school of art and culture, was read with no field and shown NSERC).
    'artists',
    'artworks',
  ],
  'social-sciences': [
    'climate action',
    'climate resilience',
    'climate adaptation',
    'climate policy',
    'climate governance',
    'climate justice',
    'youth engagement',
    'disability studies',
    'humanitarian studies',
    // Civil society, rights, liberties and law are sociology's, political science's and law's (FORD 5.4-5.6),
    // not civil engineering's (ADR 1161).
    'civil society',
    'civil rights',
    'civil liberties',
    'civil law',
    // Anxiety about mathematics and how it is learned are psychology and education (FORD 5.1, 5.3).
    'math anxiety',
    'mathematics anxiety',
    'anxiety about mathematics',
    'math learning',
    'mathematics learning',
    'math achievement',
    'mathematics achievement',
    'math education',
    'mathematics education',
    'misinformation',
    'disinformation',
    // A business school is economics and business (FORD 5.2), whatever its project manages (ADR
    // 1011: Serpa, of a Faculty of Management, was read as agriculture for the "pest management" in his request).
    'faculty of management',
    'school of management',
    'school of business',
    'business school',
  ],
  health: [
    'blood research',
    'sepsis',
    'haematolog*',
    'hematolog*',
    // A public-health concept: the trauma's effect on health, not a historian's subject.
    'historical trauma',
    'intergenerational trauma',
  ],
  // A museum of natural history keeps specimens (FORD 1.6): its curators are biologists, not historians.
  // Developmental biology is biology (FORD 1.6), not child development (ADR 1011: Breslow, "molecular,
  // cellular and developmental biology professor", was read as social science and shown NEH).
  'natural-sciences': ['natural history', 'developmental biology'],
  // Materials engineering (FORD 2.5): how brittle materials crack is measured, not a pottery style.
  engineering: ['brittle materials', 'fracture mechanics', 'nanoindentation', 'materials engineering'],
  agriculture: [],
};

/**
 * Disciplines whose object is another field's subject (ADR 0996): a history of medicine studies
 * medicine as a historian does, so the medical words around it ("medical discourse", "Victorian
 * medical photography") are its sources, not health research (Kibbie's NEH fellowship was shown
 * eight NIH and DoD programs). The phrase's own field is in FIELD_PHRASES; this names the field
 * it studies.
 */
export const STUDIES_OF: Record<string, Field> = {
  'history of medicine': 'health',
  'histories of medicine': 'health',
  'philosophy of medicine': 'health',
  'medical humanities': 'health',
  'health humanities': 'health',
  'history of science': 'natural-sciences',
  'philosophy of science': 'natural-sciences',
  'history and philosophy of science': 'natural-sciences',
  'history of technology': 'engineering',
};

/** A lexicon word as a regular-expression source: a trailing * allows endings, a space any spaces. */
export const toPattern = (word: string) => {
  const stem = word.endsWith('*') ? word.slice(0, -1) : word;
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return `${escaped}${word.endsWith('*') ? '[\\w-]*' : ''}`;
};

const PHRASE_PATTERNS = (Object.entries(FIELD_PHRASES) as Array<[Field, string[]]>)
  .filter(([, phrases]) => phrases.length > 0)
  .map(([field, phrases]) => ({
    field,
    re: new RegExp(`(?<![\\w-])(?:${phrases.map(toPattern).join('|')})(?![\\w-])`, 'gi'),
  }));

/** The phrases found for each field, and the texts with them blanked (FIELD_PHRASES). */
export function takePhrases(texts: string[]): { found: Map<Field, string[][]>; rest: string[] } {
  const found = new Map<Field, string[][]>();
  const rest = texts.map((text, i) => {
    let out = text;
    for (const { field, re } of PHRASE_PATTERNS) {
      out = out.replace(re, (m) => {
        const lists = found.get(field) ?? texts.map(() => []);
        lists[i]!.push(m.toLowerCase());
        found.set(field, lists);
        return ' '.repeat(m.length);
      });
    }
    return out;
  });
  return { found, rest };
}
