/**
 * The finder's words for sectors, purposes and a request's asks (issue 14 §3), and the tokenizer
 * text relevance uses. Who and where are read by ai/read (the rules' reading), not here.
 */
import fs from 'node:fs';
import { z } from 'zod';

const SECTOR_NAMES = [
  'health',
  'cancer',
  'defence',
  'space',
  'energy',
  'agriculture',
  'social',
  'genomics',
  'natural',
] as const;
export type Sector = (typeof SECTOR_NAMES)[number];

const sectorSchema = z
  .object({
    /** Why a word is there or not, where it is not plain. */
    why: z.string().optional(),
    label: z.string().min(1),
    specific: z.boolean(),
    words: z.array(z.string().regex(/^[a-z&][a-z &-]*\*?$/)).min(1),
    unlessFollowedBy: z.record(z.string(), z.array(z.string().regex(/^[a-z -]+$/))).default({}),
  })
  .strict();
const sectorsSchema = z.object({
  $comment: z.string(),
  sectors: z.object(Object.fromEntries(SECTOR_NAMES.map((name) => [name, sectorSchema]))).strict(),
});

/**
 * The sector words are data (sectors.json beside this file, issue 25 §3), read and checked once:
 * each word a whole word of the lowercased request, a trailing * allowing endings, in the file's
 * order (rankings-unchanged.test.ts holds every eval profile's ranking to what it was before).
 */
const SECTOR_DATA = sectorsSchema.parse(
  JSON.parse(fs.readFileSync(new URL('./sectors.json', import.meta.url), 'utf8')),
).sectors as Record<Sector, z.infer<typeof sectorSchema>>;

// The words' characters are letters, spaces, "&" and "-" (the schema checks), none special in a RegExp.
const wordPattern = (word: string, unless: string[] = []) =>
  word.replace(/\*$/, '\\w*') + (unless.length > 0 ? `(?!${unless.join('|')})` : '');

export const SECTORS = Object.fromEntries(
  SECTOR_NAMES.map((name) => {
    const { words, unlessFollowedBy } = SECTOR_DATA[name];
    return [
      name,
      new RegExp(`\\b(${words.map((w) => wordPattern(w, unlessFollowedBy[w])).join('|')})\\b`, 'g'),
    ];
  }),
) as Record<Sector, RegExp>;

// Sectors that make a program specific: a program only about these suits only requests about them.
export const SPECIFIC: Sector[] = SECTOR_NAMES.filter((name) => SECTOR_DATA[name].specific);

export const SECTOR_WORDS = Object.fromEntries(
  SECTOR_NAMES.map((name) => [name, SECTOR_DATA[name].label]),
) as Record<Sector, string>;

export const PHASE_ONE =
  /\b(phase i award\w*|phase 1 award\w*|completed phase (i|1)|phase i (sbir|sttr)|our phase i)\b/g;
export const EXPORT =
  /\b(export\w*|international markets?|foreign markets?|expand (abroad|internationally))\b/g;
export const TAX =
  /\b(tax credits?|r&d spend\w*|r&d expenditure\w*|sr&ed|payroll|engineers on staff|in-house r&d|research and development spending)\b/g;

export const RND =
  /\b(r&d|research|develop\w*|technolog\w*|prototyp\w*|platform|innovat\w*|engineer\w*|novel)\b/g;
export const FINANCE =
  /\b(loans?|financing|investors?|investment|equity|accelerator|seed round|working capital)\b/g;

export const STOPWORDS = new Set(
  'a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves research project projects program programs team work working using use based new develop developing development study studies via within across including include includes per one two three year years eligible must may grant grants funding fund funds support supports university universities professor associate assistant lab laboratory postdoc postdocs phd student students graduate faculty college hospital company companies startup startups employees employee founded founder founders ceo cto small business businesses incorporated need needs want seeking type people'.split(
    ' ',
  ),
);

export const hits = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[0]);

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
