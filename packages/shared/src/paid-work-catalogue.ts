/**
 * The paid-work catalogue (docs/decisions/0811-one-paid-work-catalogue.md): one row per kind of
 * paid work, and everything that used to be a separate list is read from it: the price of each
 * priced action, the words a ledger row shows, the automation webhook events, the dashboard list
 * the web fetches and what it refreshes after a submit. A new kind is one row here and one
 * `definePaidWork` in its `<feature>.work.ts`; `modules/paid-work/catalogue.test.ts` fails when
 * the two disagree.
 */
import { CREDIT_UNIT } from './constants.ts';

interface WorkRow {
  /** Tenths of a credit (spec §9): the storage unit; the API speaks credits (`priceInCredits`). */
  price: number;
  /** What a ledger row that paid for it says, in English (the web translates it). */
  label: string;
}

interface CatalogueRow {
  /** Said when only the ledger reference (`<kind>:<id>`) is known: an old client, a purged row. */
  label: string;
  /** The priced actions of the kind: a submission is a draft or an analysis at two prices. */
  works: Record<string, WorkRow>;
  /** The automation webhook's events (ADR 21, spec §7), or null where the spec names none. */
  webhook: { completed: string; failed: string } | null;
  /** The dashboard list the web reads and polls (spec §7); null for work listed per application. */
  listKey: string | null;
}

export const PAID_WORK_CATALOGUE = {
  submission: {
    label: 'Grant application draft or analysis',
    works: {
      generation: { price: 20, label: 'Grant application draft' },
      analysis: { price: 10, label: 'Grant application analysis' },
    },
    webhook: { completed: 'submission.completed', failed: 'submission.failed' },
    listKey: '/api/submissions',
  },
  idea: {
    label: 'Research idea',
    works: { idea: { price: 5, label: 'Research idea' } },
    webhook: { completed: 'idea.completed', failed: 'idea.failed' },
    listKey: '/api/idea-generator-requests',
  },
  funding: {
    label: 'Funding search',
    works: { funding: { price: 10, label: 'Funding search' } },
    // The spec's automations are a generation, an analysis and an idea (§7); no funding event was
    // ever sent, so none is declared.
    webhook: null,
    listKey: '/api/funding-finder-requests',
  },
  /** One AI action on one section of an application (shorten, improve): a small edit. */
  section_action: {
    label: 'AI edit of an application section',
    works: { section_action: { price: 2, label: 'AI edit of an application section' } },
    webhook: null,
    listKey: null,
  },
  /**
   * A model's prose of the funder's response section from the review plan (ADR 1035): a section
   * action on one section, so at the section actions' price.
   */
  review_response: {
    label: 'AI-written response to reviews',
    works: { review_response: { price: 2, label: 'AI-written response to reviews' } },
    webhook: null,
    listKey: null,
  },
  /** A model's draft of one SR&ED project's T661 Part 2 from its evidence log (ADR 0710). */
  sred_narrative: {
    label: 'SR&ED narrative draft',
    works: { sred_narrative: { price: 5, label: 'SR&ED narrative draft' } },
    webhook: null,
    listKey: null,
  },
} as const satisfies Record<string, CatalogueRow>;

type Catalogue = typeof PAID_WORK_CATALOGUE;

/** The kinds of paid work; a ledger reference is `<kind>:<id>`. */
export type PaidWorkKind = keyof Catalogue;
export const PAID_WORK_KINDS = Object.keys(PAID_WORK_CATALOGUE) as [PaidWorkKind, ...PaidWorkKind[]];

/** Every priced action, across kinds (what a ledger row that paid for it names). */
export type PricedWork = { [K in PaidWorkKind]: keyof Catalogue[K]['works'] }[PaidWorkKind];
const WORKS = Object.fromEntries(
  Object.values(PAID_WORK_CATALOGUE).flatMap((row) => Object.entries(row.works)),
) as Record<PricedWork, WorkRow>;
export const PRICED_WORKS = Object.keys(WORKS) as [PricedWork, ...PricedWork[]];

/** The label of a priced action (its ledger row's words). */
export const workLabel = (work: PricedWork): string => WORKS[work].label;
/** The label of a kind when only the reference is known. */
export const kindLabel = (kind: PaidWorkKind): string => PAID_WORK_CATALOGUE[kind].label;

/** A price in tenths of a credit: what the ledger spends. */
export const priceTenths = (work: PricedWork): number => WORKS[work].price;
/** A price in credits, as the API and the screens show it. */
export const priceInCredits = (work: PricedWork): number => WORKS[work].price / CREDIT_UNIT;
/** A price as the spec's sentences say it: "2 credits", "1 credit", "0.5 credits". */
export function priceText(work: PricedWork): string {
  const credits = priceInCredits(work);
  return `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
}

type Webhooks = { [K in PaidWorkKind]: Catalogue[K]['webhook'] }[PaidWorkKind];
/** Every automation webhook event the server sends. */
export type AutomationEventName = NonNullable<Webhooks>[keyof NonNullable<Webhooks>];
export const AUTOMATION_EVENTS = Object.values(PAID_WORK_CATALOGUE).flatMap((row) =>
  row.webhook ? [row.webhook.completed, row.webhook.failed] : [],
) as [AutomationEventName, ...AutomationEventName[]];

/** The balance as the web reads it (spec §7: /api/me and /api/auth/user). */
const BALANCE_KEYS = ['/api/me', '/api/auth/user'] as const;

/**
 * Spec §7: after a successful submission the dashboard's lists and the balance are fetched again
 * (every kind's list, not only the submitted one's; the spec names all five).
 */
export const REFRESHED_AFTER_SUBMIT: readonly string[] = [
  ...Object.values(PAID_WORK_CATALOGUE).flatMap((row) => (row.listKey ? [row.listKey] : [])),
  ...BALANCE_KEYS,
];
