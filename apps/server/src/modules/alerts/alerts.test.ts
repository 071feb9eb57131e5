import { randomBytes } from 'node:crypto';
import {
  DIGEST_CLOSING_WITHIN_DAYS,
  FOLLOW_REMINDER_DAYS,
  FOLLOWS_MAX,
  SAVED_SEARCHES_MAX,
} from '@grantleaf/shared/alerts.schema';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import { createMailer } from '../mail/mail.service.ts';
import { createRetentionService, DELETION_GRACE_DAYS } from '../retention/retention.service.ts';
import { createProgramsService } from '../programs/index.ts';
import { sendFollowReminders, sendWeeklyDigests } from './alerts.service.ts';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** A date `days` after the real today: stored deadlines are computed by the database's own clock. */
const inDays = (days: number) => isoDay(new Date(Date.now() + days * DAY_MS));
const shift = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

describe.each(DATABASES)('saved searches and program alerts on %s', (kind) => {
  let t: TestApp;
  const deps = () => ({
    db: t.database.db,
    mailer: t.runtime.mailer,
    env: t.env,
    programs: createProgramsService({ db: t.database.db }),
  });
  /** The alert e-mails an address received (registration mails aside). */
  const mailsTo = (email: string) =>
    t.smtp.inbox.filter(
      (m) =>
        m.to.toLowerCase().includes(email.toLowerCase()) &&
        /^Your saved searches|next deadline in/.test(m.subject),
    );
  /** A catalogue program (test set-up; the app reads it only through the programs module). */
  async function addProgram(
    id: string,
    name: string,
    dates: { next?: string[]; projected?: string[] } = {},
  ): Promise<void> {
    await t.database.db.execute(sql`
      INSERT INTO grant_programs (id, source, name, agency, jurisdiction, country, region, program_type, currency, description, content_hash, next_deadlines, projected_deadlines)
      VALUES (${id}, 'seed', ${name}, 'Alert Test Agency', 'Federal', 'CA', 'CA', 'grant', 'CAD', 'A program for the alert tests.', ${id},
              ${`{${(dates.next ?? []).join(',')}}`}::date[], ${`{${(dates.projected ?? []).join(',')}}`}::date[])`);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps each user to their own searches and follows, with clear validation errors and caps', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const created = await t.api('POST', '/api/saved-searches', {
      token: a.token,
      body: { name: '  Ocean sensors  ', query: { q: 'ocean', jurisdiction: 'CA' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Ocean sensors',
      query: { q: 'ocean', jurisdiction: 'CA' },
      lastSentAt: null,
    });
    const id = created.body.id;

    const invalid: Array<[unknown, RegExp]> = [
      [{ name: '', query: { q: 'x' } }, /Give the search a name/],
      [{ name: 'x'.repeat(81), query: { q: 'x' } }, /80 characters or less/],
      [{ name: 'Everything', query: {} }, /empty search matches every program/],
      [{ name: 'Blank', query: { q: '   ' } }, /empty search matches every program/],
      [{ name: 'Mars', query: { jurisdiction: 'MARS' } }, /Unknown jurisdiction/],
      [{ name: 'Ocean sensors', query: { q: 'other' } }, /already have a saved search with this name/],
    ];
    for (const [body, message] of invalid) {
      const res = await t.api('POST', '/api/saved-searches', { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }

    // B sees none of A's and cannot rename or delete them: 404, like an unknown id.
    const bView = await t.api('GET', '/api/alerts', { token: b.token });
    expect(bView.body.savedSearches).toEqual([]);
    expect(
      (await t.api('PATCH', `/api/saved-searches/${id}`, { token: b.token, body: { name: 'Taken' } })).status,
    ).toBe(404);
    expect((await t.api('DELETE', `/api/saved-searches/${id}`, { token: b.token })).status).toBe(404);
    const renamed = await t.api('PATCH', `/api/saved-searches/${id}`, {
      token: a.token,
      body: { name: 'Oceans' },
    });
    expect(renamed.body.name).toBe('Oceans');
    expect(
      (await t.api('GET', '/api/alerts', { token: a.token })).body.savedSearches.map((s: any) => s.name),
    ).toEqual(['Oceans']);

    // The name and criteria are sealed at rest (ADR 84).
    const stored = (
      (await t.database.db.execute(
        sql`select name, query from saved_searches where id = ${id}`,
      )) as unknown as {
        rows: Array<{ name: string; query: unknown }>;
      }
    ).rows[0]!;
    expect(isSealed(stored.name) && isSealed(stored.query)).toBe(true);

    // The cap.
    for (let i = 1; i < SAVED_SEARCHES_MAX; i++) {
      const res = await t.api('POST', '/api/saved-searches', {
        token: a.token,
        body: { name: `Search ${i}`, query: { q: `topic${i}` } },
      });
      expect(res.status).toBe(201);
    }
    const over = await t.api('POST', '/api/saved-searches', {
      token: a.token,
      body: { name: 'One too many', query: { q: 'more' } },
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(`at most ${SAVED_SEARCHES_MAX} saved searches`);
    expect((await t.api('DELETE', `/api/saved-searches/${id}`, { token: a.token })).status).toBe(204);
    expect((await t.api('DELETE', `/api/saved-searches/${id}`, { token: a.token })).status).toBe(404);

    // Follows: an unknown program is a 404, following twice is following once, unfollow is per user.
    expect((await t.api('PUT', '/api/program-follows/no-such-program', { token: a.token })).status).toBe(404);
    expect((await t.api('PUT', '/api/program-follows/Bad_Id!', { token: a.token })).status).toBe(400);
    const followed = await t.api('PUT', '/api/program-follows/ca-nrc-irap', { token: a.token });
    expect(followed.status).toBe(200);
    await t.api('PUT', '/api/program-follows/ca-nrc-irap', { token: a.token });
    const follows = (await t.api('GET', '/api/alerts', { token: a.token })).body.follows;
    expect(follows).toHaveLength(1);
    expect(follows[0]).toMatchObject({ programId: 'ca-nrc-irap', closed: false });
    expect(follows[0].name).toMatch(/IRAP|Industrial Research/);
    expect((await t.api('GET', '/api/alerts', { token: b.token })).body.follows).toEqual([]);
    expect((await t.api('DELETE', '/api/program-follows/ca-nrc-irap', { token: b.token })).status).toBe(404);
    expect((await t.api('DELETE', '/api/program-follows/ca-nrc-irap', { token: a.token })).status).toBe(204);
  });

  it(`caps follows at ${FOLLOWS_MAX}`, async () => {
    const a = await registerUser(t);
    const prefix = `capf-${randomBytes(3).toString('hex')}-`;
    await t.database.db.execute(sql`
      INSERT INTO grant_programs (id, source, name, agency, jurisdiction, country, region, program_type, currency, description, content_hash)
      SELECT ${prefix} || i, 'seed', 'Follow cap ' || i, 'Cap Agency', 'Federal', 'CA', 'CA', 'grant', 'CAD', 'x', ${prefix} || i
      FROM generate_series(0, ${FOLLOWS_MAX}::int) AS i`);
    for (let i = 0; i < FOLLOWS_MAX; i++)
      expect((await t.api('PUT', `/api/program-follows/${prefix}${i}`, { token: a.token })).status).toBe(200);
    const over = await t.api('PUT', `/api/program-follows/${prefix}${FOLLOWS_MAX}`, { token: a.token });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(`at most ${FOLLOWS_MAX} programs`);
    expect((await t.api('GET', '/api/alerts', { token: a.token })).body.follows).toHaveLength(FOLLOWS_MAX);
  });

  it('mails each week what is new and what closes soon, nothing when nothing changed, and stops on the opt-out link', async () => {
    const word = `zyx${randomBytes(4).toString('hex')}`;
    const a = await registerUser(t);
    const unverified = await registerUser(t, { verified: false });
    await addProgram(`${word}-far`, `${word} Far Program`, { next: [inDays(200)] });
    await addProgram(`${word}-soon`, `${word} Soon Program`, { next: [inDays(10)] });
    for (const user of [a, unverified]) {
      const res = await t.api('POST', '/api/saved-searches', {
        token: user.token,
        body: { name: `Alerts ${word}`, query: { q: word } },
      });
      expect(res.status).toBe(201);
    }
    const now = new Date();
    const week = (n: number) => new Date(now.getTime() + n * 7 * DAY_MS);

    // Saved with two matches: neither is new; the one closing in 10 days is reported.
    await addProgram(`${word}-new`, `${word} New Program`, { projected: [inDays(100)] });
    expect(await sendWeeklyDigests(deps(), now)).toBeGreaterThanOrEqual(1);
    const first = mailsTo(a.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Your saved searches: 1 new grant program, 1 closing soon');
    const text = first[0]!.text;
    expect(text).toContain(`"Alerts ${word}"`);
    expect(text).toMatch(
      new RegExp(
        `New matches:\\s+- ${word} New Program \\(Alert Test Agency\\), deadline ${inDays(100)} \\(expected\\)`,
      ),
    );
    expect(text).toMatch(
      new RegExp(`Closing within ${DIGEST_CLOSING_WITHIN_DAYS} days:\\s+- ${word} Soon Program`),
    );
    expect(text).not.toContain('Far Program');
    // Never to an unverified address (issue 15 §7).
    expect(mailsTo(unverified.email)).toHaveLength(0);

    // A second run the same week sends nothing more.
    await sendWeeklyDigests(deps(), new Date(now.getTime() + DAY_MS));
    expect(mailsTo(a.email)).toHaveLength(1);
    // A week on: the new program was reported, so only the closing one (3 days left) is mailed.
    await sendWeeklyDigests(deps(), week(1));
    expect(mailsTo(a.email)).toHaveLength(2);
    expect(mailsTo(a.email)[1]!.subject).toBe('Your saved searches: 1 closing soon');
    expect(mailsTo(a.email)[1]!.text).not.toContain('New Program');
    // Two weeks on: nothing new, nothing closing: no e-mail.
    await sendWeeklyDigests(deps(), week(2));
    expect(mailsTo(a.email)).toHaveLength(2);

    // The opt-out link works without signing in; opening it only asks.
    const link = /Stop these weekly e-mails \(no sign-in needed\): (\S+)/.exec(text)![1]!;
    const path = link.replace(t.env.APP_URL, '');
    const opened = await fetch(t.baseUrl + path);
    expect(opened.status).toBe(200);
    const asked = await opened.text();
    expect(asked).toContain('<form method="post"');
    expect(asked).toContain('You will no longer receive the weekly e-mail');
    expect((await fetch(`${t.baseUrl}/api/alerts/unsubscribe?token=guess`)).status).toBe(404);
    expect((await t.api('GET', '/api/alerts', { token: a.token })).body.preferences).toEqual({
      digest: true,
      reminders: true,
    });
    const stopped = await fetch(t.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.text()).toContain('You will no longer receive the weekly e-mail');
    expect((await t.api('GET', '/api/alerts', { token: a.token })).body.preferences).toEqual({
      digest: false,
      reminders: true,
    });
    const bad = await fetch(`${t.baseUrl}/api/alerts/unsubscribe?token=guess`, { method: 'POST' });
    expect(bad.status).toBe(404);

    await addProgram(`${word}-later`, `${word} Later Program`, { next: [inDays(150)] });
    await sendWeeklyDigests(deps(), week(3));
    expect(mailsTo(a.email)).toHaveLength(2);
    // Turned back on from the alerts page: the program added meanwhile is new.
    const on = await t.api('PUT', '/api/alerts/preferences', {
      token: a.token,
      body: { digest: true, reminders: true },
    });
    expect(on.body).toEqual({ digest: true, reminders: true });
    await sendWeeklyDigests(deps(), week(4));
    expect(mailsTo(a.email)).toHaveLength(3);
    expect(mailsTo(a.email)[2]!.text).toContain(`${word} Later Program`);
    expect(mailsTo(unverified.email)).toHaveLength(0);
  });

  it('reminds a follower 30 and 7 days before the next deadline, across a year end, once each', async () => {
    const word = `fol${randomBytes(4).toString('hex')}`;
    // Next year's 5 January (the real clock keeps it in the future), reached from December.
    const deadline = `${new Date().getUTCFullYear() + 2}-01-05`;
    const published = `${word}-published`;
    const projected = `${word}-projected`;
    const applied = `${word}-applied`;
    await addProgram(published, `${word} Published`, { next: [deadline] });
    await addProgram(projected, `${word} Projected`, { projected: [deadline] });
    await addProgram(applied, `${word} Applied`, { next: [deadline] });
    const a = await registerUser(t);
    const unverified = await registerUser(t, { verified: false });
    for (const id of [published, projected, applied]) {
      expect((await t.api('PUT', `/api/program-follows/${id}`, { token: a.token })).status).toBe(200);
    }
    await t.api('PUT', `/api/program-follows/${published}`, { token: unverified.token });
    // An open application for a followed program, with its own deadline, has its own reminders.
    const app = await t.api('POST', '/api/applications', {
      token: a.token,
      body: { title: 'Applied already', program: `${word} Applied`, programId: applied, deadline },
    });
    expect(app.status, JSON.stringify(app.body)).toBe(201);

    const [first, second] = FOLLOW_REMINDER_DAYS;
    const run = (daysBefore: number) => sendFollowReminders(deps(), shift(deadline, -daysBefore));
    await run(first + 1);
    expect(mailsTo(a.email)).toHaveLength(0);
    await run(first);
    const month = mailsTo(a.email);
    expect(month.map((m) => m.subject).sort()).toEqual([
      `${word} Projected: next deadline in ${first} days (expected)`,
      `${word} Published: next deadline in ${first} days`,
    ]);
    expect(month.find((m) => m.subject.includes('Published'))!.text).toContain(
      `has its next deadline on ${deadline}, in ${first} days`,
    );
    expect(month.find((m) => m.subject.includes('Projected'))!.text).toContain(`${deadline} (expected)`);
    // The same day again, and the days between: nothing more.
    await run(first);
    await run(second + 1);
    expect(mailsTo(a.email)).toHaveLength(2);
    // Unfollowing stops that program's reminders.
    expect((await t.api('DELETE', `/api/program-follows/${projected}`, { token: a.token })).status).toBe(204);
    await run(second);
    const week = mailsTo(a.email).slice(2);
    expect(week.map((m) => m.subject)).toEqual([`${word} Published: next deadline in ${second} days`]);
    // 29 December to 5 January.
    expect(shift(deadline, -second).slice(5)).toBe('12-29');
    await run(1);
    expect(mailsTo(a.email)).toHaveLength(3);
    expect(mailsTo(a.email).some((m) => m.subject.includes('Applied'))).toBe(false);
    expect(mailsTo(unverified.email)).toHaveLength(0);

    // The reminders' own opt-out link stops them, and only them.
    const link = /Stop deadline reminders \(no sign-in needed\): (\S+)/.exec(week[0]!.text)![1]!;
    const stopped = await fetch(t.baseUrl + link.replace(t.env.APP_URL, ''), { method: 'POST' });
    expect(stopped.status).toBe(200);
    expect((await t.api('GET', '/api/alerts', { token: a.token })).body.preferences).toEqual({
      digest: true,
      reminders: false,
    });
    const later = `${word}-later`;
    await addProgram(later, `${word} Later`, { next: [shift(deadline, 3)] });
    await t.api('PUT', `/api/program-follows/${later}`, { token: a.token });
    await sendFollowReminders(deps(), shift(deadline, 3 - first));
    expect(mailsTo(a.email)).toHaveLength(3);
  });

  it("writes the digest and the deadline reminder in the account's language (issue 31, ADR 0551)", async () => {
    const word = `fra${randomBytes(4).toString('hex')}`;
    const deadline = `${new Date().getUTCFullYear() + 2}-01-05`;
    await addProgram(`${word}-soon`, `${word} Soon Program`, { next: [inDays(10)] });
    await addProgram(`${word}-follow`, `${word} Followed`, { projected: [deadline] });
    const fr = await registerUser(t);
    const en = await registerUser(t);
    const set = await t.api('PUT', '/api/account/language', { token: fr.token, body: { language: 'fr' } });
    expect(set.status).toBe(200);
    expect(set.body.language).toBe('fr');
    for (const user of [fr, en]) {
      const saved = await t.api('POST', '/api/saved-searches', {
        token: user.token,
        body: { name: `Alerts ${word}`, query: { q: word } },
      });
      expect(saved.status).toBe(201);
      expect((await t.api('PUT', `/api/program-follows/${word}-follow`, { token: user.token })).status).toBe(
        200,
      );
    }
    const nbsp = '\u00a0';
    await sendWeeklyDigests(deps(), new Date());
    const inbox = (email: string, subject: RegExp) =>
      t.smtp.inbox.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()) && subject.test(m.subject));
    // Through the real SMTP test server: the French account's digest is in French...
    const [digest] = inbox(fr.email, /^Vos recherches enregistrées/);
    expect(digest!.subject).toBe(`Vos recherches enregistrées${nbsp}: 1${nbsp}se termine bientôt`);
    expect(digest!.text).toContain(`Bonjour ${fr.user.name},`);
    expect(digest!.text).toContain(`«${nbsp}Alerts ${word}${nbsp}»`);
    expect(digest!.text).toMatch(
      new RegExp(
        `Date limite dans les ${DIGEST_CLOSING_WITHIN_DAYS}${nbsp}prochains jours${nbsp}:\\s+- ${word} Soon Program`,
      ),
    );
    expect(digest!.text).not.toMatch(/Hello|This week|Closing within|Stop these/);
    // ...and the English account's is the English it always was.
    expect(inbox(en.email, /^Your saved searches/).map((m) => m.subject)).toEqual([
      'Your saved searches: 1 closing soon',
    ]);
    expect(inbox(fr.email, /^Your saved searches/)).toHaveLength(0);

    const first = FOLLOW_REMINDER_DAYS[0];
    await sendFollowReminders(deps(), shift(deadline, -first));
    const [reminder] = inbox(fr.email, /prochaine date limite/);
    expect(reminder!.subject).toBe(
      `${word} Followed${nbsp}: prochaine date limite dans ${first}${nbsp}jours (prévue)`,
    );
    // The date in the French locale, through Intl: "5 janvier 2027".
    const day = `5 janvier ${deadline.slice(0, 4)}`;
    expect(reminder!.text).toContain(
      `${word} Followed (Alert Test Agency), un programme que vous suivez, a sa prochaine date limite le ${day} (prévue), dans ${first}${nbsp}jours.`,
    );
    expect(reminder!.text).toMatch(
      /Ne plus recevoir les rappels de date limite \(sans connexion\)\u00a0: \S+/,
    );
    expect(reminder!.text).not.toMatch(/Hello|a program you follow|Stop deadline reminders/);
    expect(inbox(en.email, /next deadline in/).map((m) => m.subject)).toEqual([
      `${word} Followed: next deadline in ${first} days (expected)`,
    ]);
  });

  it('mails no deleted account', async () => {
    const word = `del${randomBytes(4).toString('hex')}`;
    await addProgram(`${word}-soon`, `${word} Soon`, { next: [inDays(5)] });
    const kept = await registerUser(t);
    const deleted = await registerUser(t);
    for (const user of [kept, deleted]) {
      await t.api('POST', '/api/saved-searches', {
        token: user.token,
        body: { name: word, query: { q: word } },
      });
      await t.api('PUT', `/api/program-follows/${word}-soon`, { token: user.token });
    }
    const gone = await t.api('DELETE', '/api/account', {
      token: deleted.token,
      body: { password: 'Tr1cky-Passphrase' },
    });
    expect(gone.status).toBe(200);
    await sendWeeklyDigests(deps());
    await sendFollowReminders(deps());
    // The same searches and follows mail the live account: a digest (closing in 5 days) and a reminder.
    expect(mailsTo(kept.email).map((m) => m.subject)).toEqual([
      'Your saved searches: 1 closing soon',
      `${word} Soon: next deadline in 5 days`,
    ]);
    expect(mailsTo(deleted.email)).toEqual([]);

    // The retention job's hard delete takes the searches, follows and opt-out rows with the account.
    const count = async (userId: string) =>
      (
        (await t.database.db.execute(sql`
          select (select count(*) from saved_searches where user_id = ${userId})
               + (select count(*) from program_follows where user_id = ${userId})
               + (select count(*) from alert_subscriptions where user_id = ${userId}) as n`)) as unknown as {
          rows: Array<{ n: number | string }>;
        }
      ).rows[0]!.n;
    expect(Number(await count(deleted.user.id))).toBe(2);
    await createRetentionService({
      db: t.database.db,
      storage: createFileStorage(t.env, t.app.log),
      log: t.app.log,
      now: () => new Date(Date.now() + (DELETION_GRACE_DAYS + 1) * DAY_MS),
    }).run();
    expect(Number(await count(deleted.user.id))).toBe(0);
    // The live account's: a search, a follow, and the two opt-out links its e-mails carried.
    expect(Number(await count(kept.user.id))).toBe(4);
  });

  it('sends the opt-out link as a one-click List-Unsubscribe header (RFC 8058)', async () => {
    // The shared test SMTP server keeps no headers: this one keeps the parsed message.
    const received: Array<Awaited<ReturnType<typeof simpleParser>>> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.server.address() as { port: number }).port;
      const mailer = createMailer({
        db: t.database.db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: t.env.MAIL_FROM,
        log: t.runtime.log,
      });
      const url = `${t.env.APP_URL}/api/alerts/unsubscribe?token=abc`;
      await mailer.send({ to: 'list@utoronto.ca', subject: 'Digest', text: 'Body', unsubscribeUrl: url });
      expect(received).toHaveLength(1);
      const lines = received[0]!.headerLines.map((h) => h.line);
      expect(lines).toContain(`List-Unsubscribe: <${url}>`);
      expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('describes its routes in the OpenAPI document from the shared schemas', async () => {
    const res = await t.api('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/saved-searches'].post.requestBody).toBeTruthy();
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/alerts', '/api/program-follows/{programId}', '/api/alerts/preferences']),
    );
  });

  it('puts searches and follows in the privacy export, opened', async () => {
    const a = await registerUser(t);
    await t.api('POST', '/api/saved-searches', {
      token: a.token,
      body: { name: 'Export me', query: { q: 'river ice' } },
    });
    await t.api('PUT', '/api/program-follows/ca-nrc-irap', { token: a.token });
    const res = await fetch(t.baseUrl + '/api/account/export', {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const searches = JSON.parse(strFromU8(zip['saved-searches.json']!));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ name: 'Export me', query: { q: 'river ice' } });
    const follows = JSON.parse(strFromU8(zip['program-follows.json']!));
    expect(follows.map((f: any) => f.program_id)).toEqual(['ca-nrc-irap']);
  });
});
