import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { sendDeadlineReminders } from '../applications/applications.service.ts';

/** Issue 32 §3, ADR 0650: an office's internal deadline per program, with the institution's holidays. */

const CIHR = 'ca-cihr-project-grant';
const NSERC = 'ca-nserc-discovery-grants';
const tag = () => randomBytes(3).toString('hex');
type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(DATABASES)('per-program internal deadlines on %s', (kind) => {
  let t: TestApp;
  let owner: User;
  let officer: User;
  let member: User;
  let outsider: User;
  let orgId: string;
  let cihrApp: string;
  let nsercApp: string;
  const orgName = `Grants Office ${tag()}`;
  const url = () => `/api/organisations/${orgId}/program-deadlines`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await registerUser(t, { name: 'Olive Owner', email: `olive-${tag()}@utoronto.ca` });
    officer = await registerUser(t, { name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
    member = await registerUser(t, { name: 'Mia Member', email: `mia-${tag()}@utoronto.ca` });
    outsider = await registerUser(t, { name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
    const created = await t.api('POST', '/api/organisations', {
      token: owner.token,
      body: { name: orgName, domain: 'utoronto.ca' },
    });
    expect(created.status).toBe(201);
    orgId = created.body.id;
    for (const u of [officer, member])
      expect((await t.api('POST', `/api/organisations/${orgId}/join`, { token: u.token })).status).toBe(200);
    await t.api('PATCH', `/api/organisations/${orgId}/members/${officer.user.id}`, {
      token: owner.token,
      body: { role: 'officer' },
    });
    const make = async (programId: string, title: string) => {
      const res = await t.api('POST', '/api/applications', {
        token: member.token,
        body: { title, program: 'x', programId },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // 2031-01-15 is a Wednesday.
      await t.api('PATCH', `/api/applications/${res.body.id}`, {
        token: member.token,
        body: { deadline: '2031-01-15' },
      });
      const shared = await t.api('PUT', `/api/applications/${res.body.id}/organisation-share`, {
        token: member.token,
        body: { organisationId: orgId },
      });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      return res.body.id as string;
    };
    cihrApp = await make(CIHR, 'Project on sea ice');
    nsercApp = await make(NSERC, 'Discovery on sea ice');
  }, 300_000);
  afterAll(() => t?.close());

  const internal = async () => {
    const list = await t.api('GET', `/api/organisations/${orgId}/applications`, { token: officer.token });
    expect(list.status).toBe(200);
    return Object.fromEntries(list.body.data.map((r: any) => [r.id, r.internalDeadline]));
  };

  it('refuses what it cannot keep, saying why, and keeps the office’s rules from everyone else', async () => {
    expect((await t.api('GET', url(), { token: member.token })).body).toEqual({ deadlines: [] });
    const good = { deadlines: [{ programId: CIHR, days: 10 }] };
    for (const u of [member, outsider])
      expect((await t.api('PUT', url(), { token: u.token, body: good })).status, u.email).toBe(404);
    expect((await t.api('GET', url(), { token: outsider.token })).status).toBe(404);

    const refused = async (body: unknown) => {
      const res = await t.api('PUT', url(), { token: officer.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.message as string;
    };
    for (const days of [31, -1, 1000])
      expect(await refused({ deadlines: [{ programId: CIHR, days }] })).toBe(
        'Between 0 and 30 business days',
      );
    expect(await refused({ deadlines: [{ programId: CIHR, days: 2.5 }] })).toBe(
      'Give a whole number of business days',
    );
    expect(
      await refused({
        deadlines: [
          { programId: CIHR, days: 3 },
          { programId: CIHR, days: 4 },
        ],
      }),
    ).toBe('Each program once');
    const unknown = await t.api('PUT', url(), {
      token: officer.token,
      body: {
        deadlines: [
          { programId: CIHR, days: 3 },
          { programId: 'no-such-program', days: 4 },
        ],
      },
    });
    expect(unknown).toMatchObject({ status: 400, body: { reason: 'unknown_program' } });
    expect(unknown.body.message).toBe('Unknown program "no-such-program": choose one from the catalogue.');
    // Nothing of a refused list was kept; the organisation's own number is checked the same way.
    expect((await t.api('GET', url(), { token: member.token })).body).toEqual({ deadlines: [] });
    const org = await t.api('PATCH', `/api/organisations/${orgId}`, {
      token: owner.token,
      body: { internalDeadlineDays: 31 },
    });
    expect(org).toMatchObject({ status: 400, body: { message: 'Between 0 and 30 business days' } });
  });

  it('gives a program its own count, for the office list, the applicant, the calendar and reminders', async () => {
    // The organisation's five days: Wednesday 8 January for both.
    expect(await internal()).toEqual({ [cihrApp]: '2031-01-08', [nsercApp]: '2031-01-08' });

    const saved = await t.api('PUT', url(), {
      token: officer.token,
      body: { deadlines: [{ programId: CIHR, days: 10 }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.deadlines).toEqual([
      { programId: CIHR, days: 10, program: expect.stringMatching(/Project Grant/) },
    ]);
    expect((await t.api('GET', url(), { token: member.token })).body).toEqual(saved.body);
    // Ten business days before Wednesday 15 January is Wednesday 1 January; NSERC keeps five.
    expect(await internal()).toEqual({ [cihrApp]: '2031-01-01', [nsercApp]: '2031-01-08' });
    // With the institution closed on 1 January the count goes one business day further back.
    await t.api('PUT', `/api/organisations/${orgId}/holidays`, {
      token: officer.token,
      body: { holidays: [{ date: '2031-01-01', name: 'New Year' }] },
    });
    expect(await internal()).toEqual({ [cihrApp]: '2030-12-31', [nsercApp]: '2031-01-08' });

    // The applicant sees the same date, and how it is counted.
    const review = await t.api('GET', `/api/applications/${cihrApp}/office-review`, { token: member.token });
    expect(review.body).toMatchObject({ internalDeadline: '2030-12-31', internalDeadlineDays: 10 });
    const other = await t.api('GET', `/api/applications/${nsercApp}/office-review`, { token: member.token });
    expect(other.body).toMatchObject({ internalDeadline: '2031-01-08', internalDeadlineDays: 5 });

    // The calendar feed and the reminder mail carry it too.
    const issued = await t.api('POST', '/api/calendar-token', { token: member.token });
    const feed = (await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${issued.body.token}`)).text())
      .replace(/\r\n /g, '')
      .split('BEGIN:VEVENT');
    const event = (title: string) => feed.find((e) => e.includes('-internal@') && e.includes(title));
    expect(event('Project on sea ice')).toContain('DTSTART;VALUE=DATE:20301231');
    expect(event('Discovery on sea ice')).toContain('DTSTART;VALUE=DATE:20310108');
    await sendDeadlineReminders({ db: t.database.db, mailer: t.runtime.mailer, env: t.env }, '2031-01-01');
    const reminder = await t.smtp.waitFor(
      member.email,
      (m) => /Deadline in 14 days/.test(m.subject) && m.text.includes('Project on sea ice'),
    );
    expect(reminder.text).toContain(`${orgName}'s internal deadline: 2030-12-31.`);

    // Removing the rule returns the program to the organisation's number.
    await t.api('PUT', url(), { token: owner.token, body: { deadlines: [] } });
    expect((await internal())[cihrApp]).toBe('2031-01-08');
  });
});
