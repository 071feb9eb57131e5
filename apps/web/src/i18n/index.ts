import { DEFAULT_LANGUAGE, isLanguage, languageFromTag, type Language } from '@grantleaf/shared/language';
import { formatMoney } from '@grantleaf/shared/pricing';
import type { i18n as I18n, TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import en from './locales/en.json';

/**
 * The web's one way to put text on a page in the visitor's language (issue 31, ADRs 0360, 0430):
 * `const { t } = useTranslation()` and `t('group.key', { variable, count })`, keys typed from
 * ./locales/en.json.
 *
 * The landing page's first paint must not wait for i18next (55 KB, 18 KB gzipped: more than the
 * landing's budget had left, ADR 0430). So English is read straight from the bundled catalogue by
 * `readEnglish` below (a key's text, its `{{variables}}`, its `_one`/`_other` plural form), and
 * i18next is loaded, with the French catalogues, when a visitor wants French. From then on i18next
 * answers in both languages; `english-reader.test.ts` holds the reader to i18next's output for
 * every English key, so the two never show different English.
 */
export type { Language };

/** Where the choice made before signing in (or by the header's switch) is remembered. */
export const LANGUAGE_STORAGE_KEY = 'grantleaf.language';

/** The Intl locale of each interface language: Canadian English and Canadian French. */
export const INTL_LOCALE: Readonly<Record<Language, string>> = { en: 'en-CA', fr: 'fr-CA' };

type Tree = { readonly [key: string]: string | Tree };

/**
 * The English the reader knows: en.json (the landing page and the shell), and the groups a lazy
 * chunk brings with it (`addEnglish`): the sign-in pages' strings (en.auth.json) arrive with their
 * chunk, not in the landing's entry (ADR 0430).
 */
const english: Record<string, string | Tree> = { ...(en as Tree) };

/** Called by a lazy chunk's catalogue module (i18n/auth-catalogue.ts, reviews-catalogue.ts) when it loads. */
export function addEnglish(groups: Tree): void {
  Object.assign(english, groups);
  engine?.addResourceBundle('en', 'translation', groups, true, false);
}
type Options = { readonly [name: string]: unknown; readonly count?: number };

const englishPlural = new Intl.PluralRules('en');

/**
 * English from the catalogue without i18next: the same nesting (`a.b.c`), `{{variable}}`
 * interpolation (unescaped: React escapes what it renders) and plural keys (`key_one`,
 * `key_other`, chosen by `Intl.PluralRules`) as i18next, and nothing else: no nesting of keys,
 * no formatters, no context. A missing key shows the key, as i18next does.
 */
export function readEnglish(key: string, options: Options = {}): string {
  const path = key.split('.');
  const leaf = path.pop()!;
  let parent: string | Tree | undefined = english;
  for (const part of path) parent = parent && typeof parent === 'object' ? parent[part] : undefined;
  if (!parent || typeof parent !== 'object') return key;
  const form =
    typeof options.count === 'number' ? parent[`${leaf}_${englishPlural.select(options.count)}`] : undefined;
  const text = typeof form === 'string' ? form : parent[leaf];
  if (typeof text !== 'string') return key;
  // As i18next: a variable given as undefined reads empty, one not given at all stays as written.
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in options ? String(options[name] ?? '') : whole,
  );
}

let engine: I18n | undefined;
let shown: Language = DEFAULT_LANGUAGE;
/**
 * The language last asked for: ahead of `shown` while French's catalogue loads, so an API call
 * made meanwhile (the signed-in user's first fetch) already asks the server for it.
 */
let wanted: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

type Lookup = (key: string, options?: Options) => string;
const translate = ((key: string, options?: Options) =>
  engine
    ? (engine.t as unknown as Lookup)(key, options)
    : readEnglish(key, options)) as unknown as TFunction<'translation'>;

/** The language now shown. */
export function currentLanguage(): Language {
  return shown;
}

/**
 * The language the server should answer in (the web API client's Accept-Language, issue 31): the
 * header switch's choice or the browser's before sign-in, the account's after.
 */
export function requestedLanguage(): Language {
  return wanted;
}

/** `t` outside a component (a toast's text built in a handler). In components, `useTranslation`. */
export const t: TFunction<'translation'> = translate;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` and the language shown; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction<'translation'>; language: Language } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translate, language };
}

/** Before sign-in: the remembered choice, else the browser's language (French or English). */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : languageFromTag(navigator.language);
}

/**
 * Every French catalogue file (fr.json and each feature's fr.<feature>.json; not fr.messages.json,
 * its own namespace): French loads all of them with i18next, so a feature's chunk only has to
 * bring its English (`addEnglish`). A new feature file is picked up here without a change.
 */
const FRENCH = import.meta.glob<Tree>(
  ['./locales/fr.json', './locales/fr.*.json', '!./locales/fr.messages.json'],
  {
    import: 'default',
  },
);

/** i18next with both catalogues, loaded once, the first time French is wanted. */
let loading: Promise<I18n> | undefined;
function loadEngine(): Promise<I18n> {
  loading ??= (async () => {
    const [{ default: i18next }, french, messages] = await Promise.all([
      import('i18next'),
      Promise.all(Object.values(FRENCH).map((load) => load())),
      import('./locales/fr.messages.json'),
    ]);
    const instance = i18next.createInstance();
    await instance.init({
      resources: {
        en: { translation: english },
        fr: { translation: Object.assign({}, ...french) as Tree, messages: messages.default },
      },
      lng: shown,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ['en', 'fr'],
      // React escapes what it renders; escaping here too would print "&amp;".
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    engine = instance;
    return instance;
  })();
  return loading;
}

/** The messages keyed with {{values}} in them, as patterns (made on first use). */
let templates: { names: string[]; pattern: RegExp; french: string }[] | undefined;
const own = (messages: Record<string, string>, english: string) =>
  Object.hasOwn(messages, english) ? messages[english] : undefined;

/** An amount as the shared rules write it in English ("$1,234.56", "-$5,000"). */
const ENGLISH_MONEY = /^(-?)\$(\d{1,3}(?:,\d{3})*)(?:\.(\d{2}))?$/;

/**
 * A value in French: whole where it has an entry; an English amount as fr-CA writes it
 * ("1 234,56 $", ADR 1086); else a list the rules wrote ("A, B and C", the eligibility reasons'
 * programs and fields, ADR 0930) whose every item has one; else as it came.
 */
function frenchValue(messages: Record<string, string>, value: string): string {
  const whole = own(messages, value);
  if (whole !== undefined) return whole;
  const money = ENGLISH_MONEY.exec(value);
  if (money) {
    const cents = Number(money[2]!.replaceAll(',', '')) * 100 + Number(money[3] ?? 0);
    return formatMoney(money[1] ? -cents : cents, 'CAD', INTL_LOCALE.fr, 'symbol');
  }
  // Items at even places, separators between; an item may hold "and" itself ("engineering and
  // technology"), so the longest run with an entry is taken first.
  const pieces = value.split(/(, | and )/);
  if (pieces.length < 3) return value;
  const french: string[] = [];
  for (let i = 0; i < pieces.length;) {
    let end = pieces.length - 1;
    while (end >= i && own(messages, pieces.slice(i, end + 1).join('')) === undefined) end -= 2;
    if (end < i) return value;
    french.push(own(messages, pieces.slice(i, end + 1).join(''))!);
    i = end + 2;
  }
  return `${french.slice(0, -1).join(', ')} et ${french.at(-1)}`;
}

/**
 * A fixed English message from packages/shared (a zod schema's, an e-mail rule's) or the server's
 * answer, in the interface's language: `locales/fr.messages.json` is keyed by the English text
 * itself, so the schemas stay one (and English-exact) for server and web. A message with no
 * French yet, or with a part the user typed, is shown as it came.
 */
export function translateMessage(message: string): string;
export function translateMessage(message: string | undefined): string | undefined;
export function translateMessage(message: string | undefined): string | undefined {
  if (!message || shown === 'en' || !engine) return message;
  const messages = engine.getResourceBundle('fr', 'messages') as Record<string, string>;
  const french = own(messages, message);
  if (french !== undefined) return french;
  // A message built around a value (the file kind in an upload refusal) is keyed by its text with
  // {{name}} where the value goes: the French gets the same values back, each in French if it has one.
  templates ??= Object.keys(messages)
    .filter((english) => english.includes('{{'))
    .map((english) => {
      const names = [...english.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
      const pattern = english
        .split(/\{\{\w+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)');
      return { names, pattern: new RegExp(`^${pattern}$`), french: messages[english]! };
    });
  for (const { names, pattern, french: template } of templates) {
    const found = pattern.exec(message);
    if (!found) continue;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      frenchValue(messages, found[names.indexOf(name) + 1] ?? ''),
    );
  }
  return message;
}

/**
 * Shows the interface in `language` (nothing else changes: same URL, same page, same data) and
 * remembers it in this browser. The account's copy is saved by the caller (account API).
 */
export async function applyLanguage(language: Language, { remember = true } = {}): Promise<void> {
  wanted = language;
  if (language !== DEFAULT_LANGUAGE || engine) await (await loadEngine()).changeLanguage(language);
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not remembered in this browser; the account keeps it for a signed-in user.
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = INTL_LOCALE[language];
  if (shown !== language) {
    shown = language;
    for (const listener of listeners) listener();
  }
}
