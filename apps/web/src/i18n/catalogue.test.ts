import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

/**
 * Each language's catalogue files together: en.json (the landing's entry) and each feature's
 * en.<feature>.json that comes with its chunk (ADR 0430, 0550); fr.messages.json is apart.
 */
const files = import.meta.glob<Tree>(['./locales/*.json', '!./locales/fr.messages.json'], {
  import: 'default',
  eager: true,
});
const join = (language: 'en' | 'fr'): Tree =>
  Object.assign(
    {},
    ...Object.entries(files)
      .filter(([path]) => new RegExp(`/${language}(\\.\\w+)?\\.json$`).test(path))
      .map(([, tree]) => tree),
  ) as Tree;
const en = join('en');
const fr = join('fr');

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Keys without their plural suffix: `x_one`, `x_other` → `x`. */
const baseKeys = (m: Map<string, string>) => new Set([...m.keys()].map((k) => k.replace(PLURAL, '')));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

// Words that are the same in both languages, or names that stay as they are (the product, the
// councils' acronyms, a language named in itself).
const SAME_IN_BOTH = new Set([
  'FAQ',
  'Commercialisation',
  'Menu',
  'Grantleaf',
  'Programs',
  'Email',
  'Discovery',
  'Total',
  'Sections',
  'Section',
  'Date',
  'Type',
  'Description',
  'Options',
  'Administration',
  'Alertes',
  'Actions',
  'Source',
  'NIH',
  'NSF',
  // Place names, the same in both languages (the SR&ED page's provinces).
  'Ontario',
  'Québec',
  'Alberta',
  'Province',
  // The applicant profile's provinces and territories named the same in French (ADR 0730).
  'Manitoba',
  'Saskatchewan',
  'Nunavut',
  'Yukon',
  'Budget',
  'Note',
  // The admin leads table's column (ADR 1041): a French word too.
  'Message',
  // The program record's field (ADR 1041), as 'Source' above.
  'Sources',
  // The generate dialog's milestones (ADR 0640): a country and a label the same in French.
  'Canada',
  'Budget ({{currency}})',
  // The budget's exchange-rate field (ADR 0940): a formula, written the same in French.
  '1 {{from}} = … {{to}}',
  // The editor's analyses panel and versions (ADR 0850): the same words in French.
  'Analyses',
  'Version {{version}}',
  'Version {{version}} · {{date}} · {{author}}',
  // The tracker's attached files (ADR 0851).
  '{{count}} document',
  '{{count}} documents',
  // The programs table's type filter and the evaluation table's column (issue 31): the same words.
  'Contribution',
  'Justification',
  // The marketing dialog's list of services (issue 31).
  'Services',
  // The guidelines checklist's page of a requirement: the same abbreviation in French.
  'p. {{page}}',
]);

const EN = flatten(en as Tree);
const FR = flatten(fr as Tree);

describe('message catalogues (ADR 0360)', () => {
  it('keep each top-level group in one file per language (a second copy would hide the first)', () => {
    for (const language of ['en', 'fr'] as const) {
      const owners = new Map<string, string[]>();
      for (const [path, tree] of Object.entries(files)) {
        if (!new RegExp(`/${language}(\\.\\w+)?\\.json$`).test(path)) continue;
        for (const group of Object.keys(tree)) owners.set(group, [...(owners.get(group) ?? []), path]);
      }
      expect([...owners].filter(([, paths]) => paths.length > 1)).toEqual([]);
      expect(owners.size).toBeGreaterThan(5);
    }
  });

  it('have the same keys in English and French', () => {
    const missingInFrench = [...baseKeys(EN)].filter((k) => !baseKeys(FR).has(k));
    const missingInEnglish = [...baseKeys(FR)].filter((k) => !baseKeys(EN).has(k));
    expect(missingInFrench).toEqual([]);
    expect(missingInEnglish).toEqual([]);
    expect(EN.size).toBeGreaterThan(20);
  });

  it("have every plural form each language's rules ask for", () => {
    for (const [language, strings] of [
      ['en', EN],
      ['fr', FR],
    ] as const) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...strings.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
      );
      for (const base of plurals) {
        const missing = needed.filter((c) => !strings.has(`${base}_${c}`));
        expect(missing, `${language}: ${base}`).toEqual([]);
      }
    }
  });

  it('put the same {{variables}} in both languages, and no empty text', () => {
    for (const [key, english] of EN) {
      expect(english.trim(), key).not.toBe('');
      const french = FR.get(key) ?? FR.get(key.replace(PLURAL, '_other'));
      if (french === undefined) continue; // reported by the first test
      expect(french.trim(), key).not.toBe('');
      // A French singular may say "un" where English says {{count}}; the other forms keep them.
      if (!/_one$/.test(key)) expect(variables(french), key).toEqual(variables(english));
    }
  });

  it('translate every text (a French value equal to the English is a forgotten one)', () => {
    const untranslated = [...EN].filter(
      ([key, english]) => FR.get(key) === english && !SAME_IN_BOTH.has(english) && /[a-z]{3}/i.test(english),
    );
    expect(untranslated).toEqual([]);
  });
});

describe('French for the fixed English messages (ADR 0360)', () => {
  it('keys only messages that the shared schemas or the server still send', async () => {
    const sources = import.meta.glob<string>(
      [
        '../../../../packages/shared/src/**/*.ts',
        '../../../server/src/**/*.ts',
        '!../../../../packages/shared/src/**/*.test.ts',
        '!../../../server/src/**/*.test.ts',
      ],
      { query: '?raw', import: 'default', eager: true },
    );
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const text = Object.values(sources).join('\n');
    const messages = (await import('./locales/fr.messages.json')).default as Record<string, string>;
    // A message built around a number (`at least ${PASSWORD_MIN} characters`) is found by its parts,
    // and so is one keyed with the number's place ("Use {{max}} characters or fewer.", ADR 1126).
    const stale = Object.keys(messages).filter(
      (english) => !english.split(/\d+|\{\{\w+\}\}/).every((part) => text.includes(part)),
    );
    expect(stale).toEqual([]);
    expect(Object.values(messages).every((french) => french.trim() !== '')).toBe(true);
  });
});
