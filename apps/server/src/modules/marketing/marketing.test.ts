import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(DATABASES)('marketing requests on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    adminToken = (await registerUser(t, { email: 'admin@grantleaf.ca' })).token;
  });
  afterAll(() => t.close());

  it('stores a request, confirms to the account and notifies the operators', async () => {
    const { token, email, user } = await registerUser(t, { name: 'Grace Hopper' });
    const res = await t.api('POST', '/api/marketing-requests', {
      token,
      body: {
        phone: '+1 613 555 0142',
        services: ['outreach', 'find-study-participants'],
        description: 'Recruit 200 participants',
        email,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      phone: '+1 613 555 0142',
      services: ['outreach', 'find-study-participants'],
      email,
    });
    const ack = await t.smtp.waitFor(
      email,
      (m) => m.subject === 'We received your marketing services request',
    );
    expect(ack.text).toContain('Outreach (up to 125,000 emails/month)');
    expect(ack.text).toContain('Find research study participants');
    const ops = await t.smtp.waitFor(
      'admin@grantleaf.ca',
      (m) => m.subject === 'New marketing request from Grace Hopper',
    );
    expect(ops.text).toContain('Recruit 200 participants');

    const list = await t.api('GET', '/api/admin/marketing-requests', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.requests.find((r: { id: string }) => r.id === res.body.id)).toMatchObject({
      userId: user.id,
      accountEmail: email,
    });
    expect((await t.api('GET', '/api/admin/marketing-requests', { token })).status).toBe(403);
  });

  it('answers the spec messages: phone required, at least one service; description is optional', async () => {
    const { token, email } = await registerUser(t);
    const noPhone = await t.api('POST', '/api/marketing-requests', {
      token,
      body: { phone: '  ', services: ['cold-calls'], email },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toBe('Phone number is required');
    const noService = await t.api('POST', '/api/marketing-requests', {
      token,
      body: { phone: '555', services: [], email },
    });
    expect(noService.status).toBe(400);
    expect(noService.body.message).toBe('Please select at least one service');
    const unknown = await t.api('POST', '/api/marketing-requests', {
      token,
      body: { phone: '555', services: ['spam'], email },
    });
    expect(unknown.status).toBe(400);
    const minimal = await t.api('POST', '/api/marketing-requests', {
      token,
      body: { phone: '555', services: ['linkedin-post-share'], email },
    });
    expect(minimal.status).toBe(201);
    expect(minimal.body.description).toBe('');
    expect(
      (
        await t.api('POST', '/api/marketing-requests', {
          body: { phone: '555', services: ['cold-calls'], email },
        })
      ).status,
    ).toBe(401);
  });
});
