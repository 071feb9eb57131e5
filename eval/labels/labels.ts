import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ELEMENTS, type Element } from '../../apps/server/src/ai/profile/rubric.ts';
import documents from './documents.json' with { type: 'json' };
import split from './split.json' with { type: 'json' };

/**
 * The one way to read the element labels (README.md beside this file): checks every line, finds
 * each passage in the corpus, and gives it its side of the frozen split. Anything that tunes the
 * engine (a pattern, a threshold, a trained model) must ask for `sides: ['development']` only;
 * the held-out side is read by the eval's report and nothing else (SPLIT.md).
 */

/**
 * `heldout`: the first held-out side (frozen 2026-11-27; three detector designs were compared on it
 * before one was chosen, ADR 0300, so its figures are "seen during design choice"). `heldout2`: a
 * second held-out part labelled before the detector ever ran on it (SPLIT.md), in its own file
 * whose SHA-256 is recorded in split.json; measured once for ADR 0610, so spent. `heldout3`: a third
 * part frozen the same way (ADR 0800), measured and spent since (ADR 0880). `heldout4`: a fourth
part frozen the same way (ADR 0920), measured three times. `heldout5`: a fifth part, four non-GRFP
applications, frozen the same way before any detector ran on it (ADR 1100). `heldout6`: a sixth part,
five applications in no earlier set, frozen the same way (SPLIT.md, 2026-11-29). `frDevelopment` and
`frHeldout`: the French part (issue 31, ADR 1125), split by application before any label was made,
each side in its own file; the held-out file's SHA-256 is in split.json (`french.labelsSha256`).
 */
export type Side =
  | 'development'
  | 'heldout'
  | 'heldout2'
  | 'heldout3'
  | 'heldout4'
  | 'heldout5'
  | 'heldout6'
  | 'frDevelopment'
  | 'frHeldout';
/** The parts kept in their own frozen file, each with its SHA-256 in split.json. */
const FROZEN_PARTS = {
  heldout2: split.heldout2,
  heldout3: split.heldout3,
  heldout4: split.heldout4,
  heldout5: split.heldout5,
  heldout6: split.heldout6,
} as const;
type FrozenPart = keyof typeof FROZEN_PARTS;
const isFrozenPart = (side: Side): side is FrozenPart => side in FROZEN_PARTS;

export interface LabelledPassage {
  id: string;
  doc: string;
  start: number;
  end: number;
  sha256: string;
  picked: 'seeded' | 'targeted';
  quote?: string;
  labels: Record<Element, boolean>;
}

export interface ReadPassage extends LabelledPassage {
  side: Side;
  text: string;
}

const HERE = import.meta.dirname;
const DOCS = new Map(documents.documents.map((d) => [d.id, d]));
const SIDE = new Map<string, Side>(
  [
    ...Object.values(split.applications),
    ...Object.values(FROZEN_PARTS).flatMap((part) => Object.values(part.applications)),
    ...Object.values(split.french.applications),
  ].flatMap((apps) => Object.entries(apps).map(([app, side]) => [app, side as Side])),
);
/** The French part's sides, each in its own file (ADR 1125). */
const FRENCH_FILES: Partial<Record<Side, string>> = split.french.labels;
/** Labels of the first set (development and the first held-out side), then of each frozen part, then French. */
const LABEL_FILES = [
  'passages.jsonl',
  ...Object.values(FROZEN_PARTS).map((part) => part.labels),
  ...Object.values(split.french.labels),
];

/** Whether the French held-out labels are byte for byte the ones recorded in split.json. */
export function frenchAsFrozen(): boolean {
  const bytes = fs.readFileSync(path.join(HERE, split.french.labels.frHeldout));
  return createHash('sha256').update(bytes).digest('hex') === split.french.labelsSha256;
}

/**
 * Whether a frozen part's labels are byte for byte the ones recorded in split.json: a changed file
 * is reported beside its figures, never silently measured as held-out.
 */
export function partAsFrozen(part: FrozenPart): boolean {
  const bytes = fs.readFileSync(path.join(HERE, FROZEN_PARTS[part].labels));
  return createHash('sha256').update(bytes).digest('hex') === FROZEN_PARTS[part].labelsSha256;
}
export const heldout2AsFrozen = () => partAsFrozen('heldout2');

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(path.join(HERE, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/** The side of the frozen split a document is on (undefined: not in split.json). */
export function sideOf(doc: string): Side | undefined {
  const application = DOCS.get(doc)?.application;
  return application ? SIDE.get(application) : undefined;
}

/** Throws on a line the eval cannot trust: a family left out, an unknown document, third-party text kept. */
function check(p: LabelledPassage, line: string) {
  const where = `${line} (${p.id})`;
  const doc = DOCS.get(p.doc);
  if (!doc) throw new Error(`${where}: document ${p.doc} is not in documents.json`);
  for (const family of ELEMENTS)
    if (typeof p.labels?.[family] !== 'boolean') throw new Error(`${where}: no yes/no for ${family}`);
  if (!(p.end > p.start)) throw new Error(`${where}: empty passage`);
  // Texts whose licence does not allow redistribution stay out of the repository.
  if (p.quote !== undefined && !doc.licence.startsWith('CC BY'))
    throw new Error(`${where}: a quote from ${p.doc}, whose licence is "${doc.licence}"`);
}

/**
 * The labelled passages of the requested sides whose text is in `corpusDir` exactly as labelled;
 * the documents left out are named with the reason (text missing, text changed, not in the split).
 */
export function loadPassages<S extends Side>(
  corpusDir: string,
  { sides }: { sides: readonly S[] },
): { passages: (ReadPassage & { side: S })[]; skipped: Map<string, string> } {
  const texts = new Map<string, string | null>();
  const skipped = new Map<string, string>();
  const passages: (ReadPassage & { side: S })[] = [];
  const lines = LABEL_FILES.flatMap((file) =>
    readJsonl<LabelledPassage>(file).map((p, i) => ({ p, file, where: `${file} line ${i + 1}` })),
  );
  lines.forEach(({ p, file, where }) => {
    check(p, where);
    const side = sideOf(p.doc);
    // Each frozen part keeps to its own file, so its hash covers every one of its labels.
    const home = !side
      ? 'passages.jsonl'
      : isFrozenPart(side)
        ? FROZEN_PARTS[side].labels
        : (FRENCH_FILES[side] ?? 'passages.jsonl');
    if (side && file !== home)
      throw new Error(`${where} (${p.id}): a ${side} document's labels belong in ${home}`);
    if (!side) {
      skipped.set(p.doc, 'not in split.json');
      return;
    }
    if (!(sides as readonly Side[]).includes(side)) return;
    if (!texts.has(p.doc)) {
      const textFile = path.join(corpusDir, `${p.doc}.txt`);
      texts.set(p.doc, fs.existsSync(textFile) ? fs.readFileSync(textFile, 'utf8') : null);
    }
    const text = texts.get(p.doc);
    if (!text) {
      skipped.set(p.doc, 'text missing');
      return;
    }
    const passage = text.slice(p.start, p.end);
    // A rebuilt text that differs (another pdftotext, another commit) would be judged against
    // labels made on other words: such a document is skipped and named, never silently scored.
    if (sha256(passage) !== p.sha256) {
      skipped.set(p.doc, 'text changed (passage sha256 differs)');
      return;
    }
    passages.push({ ...p, side: side as S, text: passage });
  });
  return { passages, skipped };
}
