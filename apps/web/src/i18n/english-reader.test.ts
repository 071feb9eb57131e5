import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { readEnglish } from './index.ts';

type Tree = { [key: string]: string | Tree };

// Every feature's catalogue module (auth-catalogue.ts, dashboard-catalogue.ts, …) registers its
// English with the reader as its chunk would; the reader must then know every English file.
const modules = import.meta.glob('./*-catalogue.ts', { eager: true });
const en = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Tree>(['./locales/en.json', './locales/en.*.json'], { import: 'default', eager: true }),
  ),
) as Tree;

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The landing page's English is read from en.json without i18next (ADR 0430); i18next answers once
 * it has loaded. Both must give the same English for every key, every count and every variable,
 * or a page would change its English when someone switched to French and back.
 */
describe('the English reader and i18next give the same English (ADR 0430)', () => {
  it('for every key of en.json, with its variables and counts', async () => {
    const engine = i18next.createInstance();
    await engine.init({
      resources: { en: { translation: en } },
      lng: 'en',
      interpolation: { escapeValue: false },
    });
    // Keys here are any string, typed or not.
    const translate = engine.t as unknown as (key: string, options?: object) => string;
    const all = [...new Set(keys(en as Tree).map((k) => k.replace(PLURAL, '')))];
    expect(all.length).toBeGreaterThan(50);
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(3);
    for (const key of all) {
      for (const count of [undefined, 0, 1, 2, 1234]) {
        const options = { count, name: 'Ada <b>', credits: '1.0', email: 'a@b.ca', amount: '$5' };
        expect(readEnglish(key, options), key).toBe(translate(key, options));
      }
    }
    // Unknown keys show the key, in both.
    expect(readEnglish('nowhere.key')).toBe(translate('nowhere.key'));
  });
});
