import {
  ALERT_KINDS,
  ALERT_MESSAGES,
  DIGEST_CLOSING_WITHIN_DAYS,
  FOLLOW_REMINDER_DAYS,
  FOLLOWS_MAX,
  SAVED_SEARCHES_MAX,
  type AlertKind,
  type AlertPreferences,
  type AlertsOverview,
  type ProgramFollow,
  type SavedSearch,
  type SavedSearchQuery,
} from '@grantleaf/shared/alerts.schema';
import { PROGRAM_PAGE_SIZE_MAX, type GrantProgram } from '@grantleaf/shared/programs.schema';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { hasRemindedApplication } from '../applications/index.ts';
import type { Runtime } from '../contract.ts';
import type { ProgramsService } from '../programs/index.ts';
import { digestMail, reminderMail } from '../mail/index.ts';

import * as repo from './alerts.repository.ts';
import type { AlertSubscriptionRow, SavedSearchRow } from './alerts.schema.ts';
import { addDaysTo, calendarDaysBetween } from '@grantleaf/shared/days';

/**
 * A saved search is checked over its first this-many matches (ten catalogue pages; a text search
 * never pages past 1,000 anyway, ADR 10). A broader search is too broad to alert on usefully.
 */
export const SEARCH_SCAN_MAX = 1000;
/** Programs listed per search and section of a digest; the rest are counted ("and 4 more"). */
const DIGEST_ITEMS_MAX = 10;
/** The weekly digest waits this long after the last one, so a repeated run in the same week sends nothing. */
const DIGEST_MIN_GAP_DAYS = 6;

// The same 256-bit URL-safe tokens and SHA-256 lookups as the auth module's e-mail links.
const newSecretToken = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => calendarDaysBetween(from, to);

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSentAt: row.lastSentAt ? new Date(row.lastSentAt).toISOString() : null,
  };
}

export interface AlertsDeps {
  db: Db;
  programs: ProgramsService;
  env: Env;
}

/** The open programs among a saved search's first SEARCH_SCAN_MAX matches, in the catalogue's order. */
async function matchesOf(programs: ProgramsService, query: SavedSearchQuery): Promise<GrantProgram[]> {
  const found: GrantProgram[] = [];
  for (let page = 1; (page - 1) * PROGRAM_PAGE_SIZE_MAX < SEARCH_SCAN_MAX; page++) {
    const result = await programs.listPrograms({ ...query, page, pageSize: PROGRAM_PAGE_SIZE_MAX });
    found.push(...result.programs);
    if (page * PROGRAM_PAGE_SIZE_MAX >= result.total) break;
  }
  return found.filter((p) => !p.closed);
}

/** Catalogue records by id (retired ones too), 100 a request (the catalogue's `ids` limit). */
async function programsById(programs: ProgramsService, ids: string[]): Promise<Map<string, GrantProgram>> {
  const found = new Map<string, GrantProgram>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += PROGRAM_PAGE_SIZE_MAX) {
    const chunk = unique.slice(i, i + PROGRAM_PAGE_SIZE_MAX);
    const result = await programs.listPrograms({ ids: chunk.join(','), pageSize: PROGRAM_PAGE_SIZE_MAX });
    for (const p of result.programs) found.set(p.id, p);
  }
  return found;
}

/** The user's opt-out link for one kind (its token made on first use). */
async function optOutLink(db: Db, env: Env, userId: string, kind: AlertKind): Promise<string> {
  const token = newSecretToken();
  const row = await repo.ensureSubscription(db, { userId, kind, token, tokenHash: sha256(token) });
  return `${env.APP_URL.replace(/\/$/, '')}/api/alerts/unsubscribe?token=${row.token}`;
}

const preferencesOf = (rows: AlertSubscriptionRow[]): AlertPreferences =>
  Object.fromEntries(
    ALERT_KINDS.map((kind) => [kind, !rows.find((r) => r.kind === kind)?.unsubscribedAt]),
  ) as AlertPreferences;

export type AlertsService = ReturnType<typeof createAlertsService>;

/** Saved searches, followed programs and the e-mail opt-outs of the session's user (issue 14 §4). */
export function createAlertsService(deps: AlertsDeps) {
  const { db, programs } = deps;

  async function ownSearch(userId: string, id: string): Promise<SavedSearchRow> {
    const row = (await repo.listSearches(db, userId)).find((r) => r.id === id);
    if (!row) throw notFound();
    return row;
  }

  async function follows(userId: string): Promise<ProgramFollow[]> {
    const rows = await repo.listFollows(db, userId);
    const known = await programsById(
      programs,
      rows.map((r) => r.programId),
    );
    return rows.flatMap((r) => {
      const p = known.get(r.programId);
      if (!p) return [];
      return [
        {
          programId: p.id,
          name: p.name,
          agency: p.agency,
          deadline: p.deadline,
          deadlineExpected: p.deadlineExpected,
          closed: p.closed,
          createdAt: new Date(r.createdAt).toISOString(),
        },
      ];
    });
  }

  return {
    async overview(user: { id: string; emailVerified: boolean }): Promise<AlertsOverview> {
      const [searches, followed, subscriptions] = await Promise.all([
        repo.listSearches(db, user.id),
        follows(user.id),
        repo.listSubscriptions(db, user.id),
      ]);
      return {
        savedSearches: searches.map(toSavedSearch),
        follows: followed,
        preferences: preferencesOf(subscriptions),
        emailVerified: user.emailVerified,
      };
    },

    async listSearches(userId: string): Promise<SavedSearch[]> {
      return (await repo.listSearches(db, userId)).map(toSavedSearch);
    },

    /**
     * The matches the user sees while saving count as seen: the first digest reports what is new
     * since the search was saved.
     */
    async createSearch(
      userId: string,
      input: { name: string; query: SavedSearchQuery },
    ): Promise<SavedSearch> {
      const seen = (await matchesOf(programs, input.query)).map((p) => p.id);
      const row = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const existing = await repo.listSearches(tx, userId);
        if (existing.length >= SAVED_SEARCHES_MAX) throw conflict(ALERT_MESSAGES.searchesFull);
        if (existing.some((r) => r.name.toLowerCase() === input.name.toLowerCase()))
          throw badRequest(ALERT_MESSAGES.duplicateName, {
            errors: [{ path: 'name', message: ALERT_MESSAGES.duplicateName }],
          });
        return repo.insertSearch(tx, { userId, name: input.name, query: input.query, seenProgramIds: seen });
      });
      return toSavedSearch(row);
    },

    async renameSearch(userId: string, id: string, name: string): Promise<SavedSearch> {
      await ownSearch(userId, id);
      const others = (await repo.listSearches(db, userId)).filter((r) => r.id !== id);
      if (others.some((r) => r.name.toLowerCase() === name.toLowerCase()))
        throw badRequest(ALERT_MESSAGES.duplicateName, {
          errors: [{ path: 'name', message: ALERT_MESSAGES.duplicateName }],
        });
      const row = await repo.renameSearch(db, userId, id, name);
      if (!row) throw notFound();
      return toSavedSearch(row);
    },

    async deleteSearch(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteSearch(db, userId, id))) throw notFound();
    },

    follows,

    /** An unknown program is a 404, like another user's object. */
    async follow(userId: string, programId: string): Promise<ProgramFollow[]> {
      if (!(await programsById(programs, [programId])).has(programId)) throw notFound();
      await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const existing = await repo.listFollows(tx, userId);
        if (existing.some((f) => f.programId === programId)) return;
        if (existing.length >= FOLLOWS_MAX) throw conflict(ALERT_MESSAGES.followsFull);
        await repo.insertFollow(tx, userId, programId);
      });
      return follows(userId);
    },

    async unfollow(userId: string, programId: string): Promise<void> {
      if (!(await repo.deleteFollow(db, userId, programId))) throw notFound();
    },

    async setPreferences(userId: string, preferences: AlertPreferences): Promise<AlertPreferences> {
      for (const kind of ALERT_KINDS) {
        const token = newSecretToken();
        await repo.ensureSubscription(db, { userId, kind, token, tokenHash: sha256(token) });
        await repo.setUnsubscribed(db, userId, kind, !preferences[kind]);
      }
      return preferencesOf(await repo.listSubscriptions(db, userId));
    },

    /** Which e-mails an opt-out link is for; null for an unknown token. */
    async linkKind(token: string): Promise<AlertKind | null> {
      return (await repo.findSubscriptionByHash(db, sha256(token)))?.kind ?? null;
    },

    /** The e-mail link: the token alone is the credential. Unknown tokens answer null. */
    async unsubscribe(token: string): Promise<AlertKind | null> {
      const row = await repo.findSubscriptionByHash(db, sha256(token));
      if (!row) return null;
      await repo.setUnsubscribed(db, row.userId, row.kind, true);
      return row.kind;
    },
  };
}

/**
 * The weekly digest: for each verified user who has saved searches and has not opted out, one
 * e-mail with each search's new matches (open programs not reported before) and its matches
 * closing within DIGEST_CLOSING_WITHIN_DAYS. Nothing to report, no e-mail.
 */
export async function sendWeeklyDigests(
  deps: AlertsDeps & { mailer: Runtime['mailer'] },
  now: Date = new Date(),
): Promise<number> {
  const today = isoDay(now);
  const base = deps.env.APP_URL.replace(/\/$/, '');
  const recipients = await repo.listDigestRecipients(deps.db, addDaysTo(now, -DIGEST_MIN_GAP_DAYS));
  let sent = 0;
  for (const user of recipients) {
    const searches = await repo.listSearches(deps.db, user.userId);
    const reports: Array<{
      search: SavedSearchRow;
      fresh: GrantProgram[];
      closing: GrantProgram[];
      open: string[];
    }> = [];
    for (const search of searches) {
      const open = await matchesOf(deps.programs, search.query);
      const seen = new Set(search.seenProgramIds);
      const fresh = open.filter((p) => !seen.has(p.id));
      const closing = open.filter((p) => {
        if (!p.deadline || !seen.has(p.id)) return false;
        const left = daysBetween(today, p.deadline);
        return left >= 0 && left <= DIGEST_CLOSING_WITHIN_DAYS;
      });
      if (fresh.length || closing.length)
        reports.push({ search, fresh, closing, open: open.map((p) => p.id) });
    }
    if (reports.length === 0) continue;
    const link = await optOutLink(deps.db, deps.env, user.userId, 'digest');
    await deps.mailer.send({
      to: user.email,
      ...digestMail(user.language, {
        name: user.name,
        reports: reports.map(({ search, fresh, closing }) => ({ searchName: search.name, fresh, closing })),
        itemsMax: DIGEST_ITEMS_MAX,
        base,
        optOut: link,
      }),
      dedupeKey: `alerts-digest:${user.userId}:${today}`,
      unsubscribeUrl: link,
    });
    // After the send: a retry re-computes the same report and the outbox key keeps it to one e-mail.
    for (const { search, open } of reports) {
      const seen = [...new Set([...open, ...search.seenProgramIds])].slice(0, SEARCH_SCAN_MAX);
      await repo.markSearchSent(deps.db, search.id, seen, now);
    }
    sent++;
  }
  return sent;
}

/**
 * Reminders for followed programs FOLLOW_REMINDER_DAYS before the program's next deadline (the
 * catalogue computes it from the program's rule). A reminder is due once the deadline is within its
 * window and not yet inside the next smaller one, so a missed daily run still sends it; the claim
 * on the follow makes each go out once. A program the user already has an open application for,
 * with a deadline, is left to that application's own reminders.
 */
export async function sendFollowReminders(
  deps: AlertsDeps & { mailer: Runtime['mailer'] },
  today: string = isoDay(new Date()),
): Promise<number> {
  const base = deps.env.APP_URL.replace(/\/$/, '');
  const follows = await repo.listRemindableFollows(deps.db);
  const known = await programsById(
    deps.programs,
    follows.map((f) => f.programId),
  );
  let sent = 0;
  for (const follow of follows) {
    const p = known.get(follow.programId);
    if (!p || p.closed || !p.deadline) continue;
    const left = daysBetween(today, p.deadline);
    const i = FOLLOW_REMINDER_DAYS.findIndex((days, k) => {
      const lower = k + 1 < FOLLOW_REMINDER_DAYS.length ? FOLLOW_REMINDER_DAYS[k + 1]! + 1 : 0;
      return left >= lower && left <= days;
    });
    if (i < 0) continue;
    const days = FOLLOW_REMINDER_DAYS[i]!;
    if (await hasRemindedApplication(deps.db, follow.userId, p.id)) continue;
    if (!(await repo.claimReminder(deps.db, follow.userId, p.id, p.deadline, days))) continue;
    const link = await optOutLink(deps.db, deps.env, follow.userId, 'reminders');
    await deps.mailer.send({
      to: follow.email,
      ...reminderMail(follow.language, { name: follow.name, program: p, left, base, optOut: link }),
      dedupeKey: `program-reminder:${follow.userId}:${p.id}:${p.deadline}:${days}`,
      unsubscribeUrl: link,
    });
    sent++;
  }
  return sent;
}
