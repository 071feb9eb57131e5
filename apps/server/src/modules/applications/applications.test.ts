import { eq, sql } from 'drizzle-orm';
import { outboxEmails } from '../mail/mail.schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { sendDeadlineReminders } from './applications.service.ts';
import { buildCalendar } from './icalendar.ts';

const day = (offset: number, from = new Date()) => {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe('iCalendar writer', () => {
  it('escapes text, folds long lines and writes all-day events', () => {
    const ics = buildCalendar('Deadlines', [
      { uid: 'a@x', date: '2026-03-31', summary: 'NSERC; Alliance, round 2', description: 'x'.repeat(200) },
    ]);
    expect(ics).toContain('DTSTART;VALUE=DATE:20260331\r\nDTEND;VALUE=DATE:20260401');
    expect(ics).toContain('SUMMARY:NSERC\\; Alliance\\, round 2');
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe.each(DATABASES)('application tracker on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates, lists (owner only), moves status with a dated history, edits and deletes', async () => {
    const { token, user } = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token,
      body: {
        title: 'Sepsis assay scale-up',
        program: 'NSERC Alliance',
        amount: '$1,200,000',
        deadline: day(40),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', amount: '$1,200,000', deadline: day(40) });
    expect(created.body.history.map((h: { status: string }) => h.status)).toEqual(['draft']);
    const id = created.body.id;

    const list = await t.api('GET', `/api/users/${user.id}/applications`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([id]);

    const other = await registerUser(t);
    expect((await t.api('GET', `/api/users/${user.id}/applications`, { token: other.token })).status).toBe(
      404,
    );
    expect((await t.api('GET', `/api/users/not-a-uuid/applications`, { token: other.token })).status).toBe(
      404,
    );
    expect(
      (await t.api('PATCH', `/api/applications/${id}`, { token: other.token, body: { status: 'submitted' } }))
        .status,
    ).toBe(404);
    expect((await t.api('DELETE', `/api/applications/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', `/api/users/${user.id}/applications`)).status).toBe(401);

    // Any status from any status (issue 28 §4, ADR 261): an award already won is recorded at once,
    // a row moves back, and the amount and deadline of a tracked row can be edited.
    const won = await t.api('PATCH', `/api/applications/${id}`, { token, body: { status: 'approved' } });
    expect(won.status).toBe(200);
    expect(won.body.status).toBe('approved');
    const back = await t.api('PATCH', `/api/applications/${id}`, { token, body: { status: 'draft' } });
    expect(back.body.status).toBe('draft');
    for (const status of ['submitted', 'under_review', 'rejected']) {
      const moved = await t.api('PATCH', `/api/applications/${id}`, { token, body: { status } });
      expect(moved.status).toBe(200);
      expect(moved.body.status).toBe(status);
    }
    const edited = await t.api('PATCH', `/api/applications/${id}`, {
      token,
      body: { amount: '$1.3M', deadline: day(60) },
    });
    expect(edited.body).toMatchObject({ amount: '$1.3M', deadline: day(60), status: 'rejected' });
    const cleared = await t.api('PATCH', `/api/applications/${id}`, { token, body: { deadline: null } });
    expect(cleared.body.deadline).toBeNull();
    const history = cleared.body.history as Array<{ status: string; at: string }>;
    expect(history.map((h) => h.status)).toEqual([
      'draft',
      'approved',
      'draft',
      'submitted',
      'under_review',
      'rejected',
    ]);
    expect(history.every((h, i) => i === 0 || Date.parse(h.at) >= Date.parse(history[i - 1]!.at))).toBe(true);
    // Saving the same status again adds no history row.
    const same = await t.api('PATCH', `/api/applications/${id}`, { token, body: { status: 'rejected' } });
    expect(same.body.history).toHaveLength(6);

    const bad = await t.api('POST', '/api/applications', {
      token,
      body: { title: '', program: 'X', deadline: '31/03/2026' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Title is required');

    const attached = await t.api('POST', `/api/applications/${id}/documents`, {
      token,
      body: { fileUrl: '/api/files/abc123', fileName: 'budget.pdf' },
    });
    expect(attached.status).toBe(201);
    expect(attached.body.documents).toMatchObject([{ fileUrl: '/api/files/abc123', fileName: 'budget.pdf' }]);
    expect(
      (
        await t.api('POST', `/api/applications/${id}/documents`, {
          token,
          body: { fileUrl: 'https://evil.example/x', fileName: 'x' },
        })
      ).status,
    ).toBe(400);

    expect((await t.api('DELETE', `/api/applications/${id}`, { token })).status).toBe(204);
    expect((await t.api('GET', `/api/users/${user.id}/applications`, { token })).body.data).toEqual([]);
    expect((await t.api('DELETE', `/api/applications/${id}`, { token })).status).toBe(404);
  });

  it('serves a per-user iCalendar feed by secret token; rotating revokes the old one', async () => {
    const { token } = await registerUser(t);
    await t.api('POST', '/api/applications', {
      token,
      body: { title: 'CIHR Project Grant', program: 'CIHR', deadline: '2030-09-15' },
    });
    await t.api('POST', '/api/applications', { token, body: { title: 'No deadline yet', program: 'IRAP' } });
    const other = await registerUser(t);
    await t.api('POST', '/api/applications', {
      token: other.token,
      body: { title: 'Someone else', program: 'X', deadline: '2030-01-01' },
    });

    const issued = await t.api('POST', '/api/calendar-token', { token });
    expect(issued.status).toBe(200);
    expect(issued.body.url).toBe(`http://localhost:3000/api/calendar.ics?token=${issued.body.token}`);
    const feed = await fetch(`${t.baseUrl}/api/calendar.ics?token=${issued.body.token}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain('SUMMARY:Deadline: CIHR Project Grant');
    expect(ics).toContain('DTSTART;VALUE=DATE:20300915');
    expect(ics).not.toContain('Someone else');
    expect(ics).not.toContain('No deadline yet');
    // Upcoming deadlines of the program catalogue are in the feed too.
    const unfolded = ics.replace(/\r\n /g, '');
    const programs = (await t.api('GET', '/api/grant-programs')).body as Array<{
      id: string;
      deadline: string | null;
      closed: boolean;
    }>;
    const upcoming = programs.filter((p) => p.deadline && !p.closed && p.deadline >= day(0));
    expect(upcoming.length).toBeGreaterThan(0);
    for (const p of upcoming) expect(unfolded).toContain(`UID:program-${p.id}-${p.deadline}@localhost:3000`);

    const rotated = await t.api('POST', '/api/calendar-token', { token });
    expect((await fetch(`${t.baseUrl}/api/calendar.ics?token=${issued.body.token}`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/calendar.ics?token=${rotated.body.token}`)).status).toBe(200);
    expect((await fetch(`${t.baseUrl}/api/calendar.ics?token=guess`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/calendar.ics`)).status).toBe(400);
  });

  it('schedules the reminder job daily', async () => {
    const rows = (await t.database.db.execute(
      sql`SELECT name, cron FROM pgboss.schedule WHERE name = 'deadline-reminders'`,
    )) as unknown as {
      rows: Array<{ name: string; cron: string }>;
    };
    expect(rows.rows).toEqual([{ name: 'deadline-reminders', cron: '0 13 * * *' }]);
  });

  it('mails deadline reminders 14 and 3 days before, each once, and not for decided applications', async () => {
    const { token, email } = await registerUser(t);
    const mk = async (title: string, deadline: string) =>
      (await t.api('POST', '/api/applications', { token, body: { title, program: 'Mitacs', deadline } })).body
        .id as string;
    const today = day(0);
    await mk('Due in 14', day(14));
    await mk('Due in 3', day(3));
    await mk('Due in 20', day(20));
    const decided = await mk('Decided', day(14));
    for (const status of ['submitted', 'under_review', 'rejected']) {
      await t.api('PATCH', `/api/applications/${decided}`, { token, body: { status } });
    }
    const deps = { db: t.database.db, mailer: t.runtime.mailer, env: t.env };
    await sendDeadlineReminders(deps, today);
    await sendDeadlineReminders(deps, today);
    const count = async (subject: string) => {
      // Subjects are sealed at rest: drizzle opens them.
      const sent = await t.database.db
        .select({ subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(eq(outboxEmails.toAddress, email));
      return sent.filter((m) => m.subject === subject).length;
    };
    expect(await count('Deadline in 14 days: Due in 14')).toBe(1);
    expect(await count('Deadline in 3 days: Due in 3')).toBe(1);
    expect(await count('Deadline in 14 days: Decided')).toBe(0);
    expect(await t.smtp.waitFor(email, (m) => m.subject === 'Deadline in 3 days: Due in 3')).toBeTruthy();
    // A week on (six daily runs missed), the 20-day one still gets its 14-day reminder.
    await sendDeadlineReminders(deps, day(7));
    expect(await count('Deadline in 13 days: Due in 20')).toBe(1);
    // Eleven days on, the 14-day one is inside the 3-day window: its second reminder goes, once.
    await sendDeadlineReminders(deps, day(11));
    await sendDeadlineReminders(deps, day(11));
    expect(await count('Deadline in 3 days: Due in 14')).toBe(1);
    expect(await count('Deadline in 9 days: Due in 20')).toBe(0);
  });
});
