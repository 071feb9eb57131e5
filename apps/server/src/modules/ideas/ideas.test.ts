import { ideaResultsSchema } from '@grantleaf/shared/ideas.schema';
import { parseModelJson } from '@grantleaf/shared/model-json';
import http from 'node:http';
import pino from 'pino';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { AiProvider } from '../../ai/provider.ts';
import { extractDomainTerms, generateOfflineIdea, matchSector } from './idea-engine.ts';
import { failIdeaGeneration, runIdeaGeneration } from './idea.work.ts';
import { until } from '../../../test/until.ts';

const BACKGROUND =
  'Professor of biomedical engineering. Ten years developing microfluidic biomarker assays for early sepsis detection in hospital patients; two clinical validation studies with Toronto hospitals.';
const INTERESTS =
  'Rapid point-of-care sepsis diagnostics using microfluidic biomarker panels and machine learning triage.';

describe('offline idea engine', () => {
  it('extracts the researcher’s domain terms and matches the sector table', () => {
    const terms = extractDomainTerms(`${INTERESTS}\n${BACKGROUND}`);
    expect(terms.join(' ')).toContain('microfluidic biomarker');
    expect(terms.join(' ')).toContain('sepsis');
    expect(matchSector(`${INTERESTS} ${BACKGROUND}`).sector.id).toBe('health-diagnostics');
    expect(matchSector('soil crop yield irrigation for farm co-operatives').sector.id).toBe('agri-food');
    expect(matchSector('').sector.id).toBe('general');
  });

  it('produces exactly the §3 shape, from the researcher’s words, deterministically', () => {
    const input = {
      researchBackground: BACKGROUND,
      researchInterests: INTERESTS,
      catalogue: [{ name: 'Idea to Innovation', agency: 'NSERC' }],
    };
    const idea = generateOfflineIdea(input);
    expect(ideaResultsSchema.strict().safeParse(idea).success).toBe(true);
    expect(Object.keys(idea).sort()).toEqual([
      'commercialization_path',
      'context_fit_analysis',
      'core_problem_solution',
      'market_analysis',
      'monetization_strategy',
      'research_topic',
      'target_customer',
    ]);
    expect(idea.research_topic.name.toLowerCase()).toMatch(/sepsis|microfluidic/);
    expect(idea.commercialization_path.regulatory_pathway).toContain('Health Canada');
    expect(idea.commercialization_path.funding_sources[0]).toBe('Idea to Innovation (NSERC)');
    expect(idea.context_fit_analysis.expertise_alignment).toContain('microfluidic biomarker assays');
    expect(generateOfflineIdea(input)).toEqual(idea);
    // Empty input still yields a valid idea from the general profile.
    expect(
      ideaResultsSchema.safeParse(generateOfflineIdea({ researchBackground: '', researchInterests: '' }))
        .success,
    ).toBe(true);
  });
});

describe.each(DATABASES)('idea generator API on %s', (kind) => {
  let t: TestApp;
  let hooks: http.Server;
  const received: Array<{ event: string; data: Record<string, unknown> }> = [];
  beforeAll(async () => {
    hooks = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
    const port = (hooks.address() as { port: number }).port;
    t = await startTestApp(kind, {
      WORKERS: 'on',
      AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
      AUTOMATION_WEBHOOK_SECRET: 'test-secret-test-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => hooks.close(r));
  });

  it(
    "mails the finished idea in the owner's language (issue 31, ADR 0730)",
    { timeout: 180_000 },
    async () => {
      const nbsp = '\u00a0';
      const fr = await registerUser(t);
      expect(
        (await t.api('PUT', '/api/account/language', { token: fr.token, body: { language: 'fr' } })).status,
      ).toBe(200);
      const created = await t.api('POST', '/api/idea-generator-requests', {
        token: fr.token,
        body: { researchBackground: BACKGROUND, researchInterests: INTERESTS },
      });
      expect(created.status).toBe(201);
      // Read back from the SMTP test server, in French (the English mail: the test below).
      const french = await t.smtp.waitFor(
        fr.email,
        (m) => m.subject.startsWith('Votre idée de recherche est prête'),
        150_000,
      );
      const topic = french.subject.split(`prête${nbsp}: `)[1]!;
      expect(topic.toLowerCase()).toMatch(/sepsis|microfluidic/);
      expect(french.text).toContain(`Bonjour ${fr.user.name},`);
      expect(french.text).toContain(
        `Votre idée de recherche commerciale «${nbsp}${topic}${nbsp}» est prête.`,
      );
      expect(french.text).toContain(
        `Ouvrez votre tableau de bord pour la lire et la télécharger${nbsp}: ${t.env.APP_URL.replace(/\/$/, '')}/`,
      );
      expect(french.text).not.toMatch(/Hello|is ready|Open your dashboard/);
      expect(
        t.smtp.inbox.filter((m) => m.to.includes(fr.email) && /^Your research idea/.test(m.subject)),
      ).toEqual([]);
    },
  );

  it(
    'downloads a French account’s idea with French headings and labels (ADR 0915)',
    { timeout: 180_000 },
    async () => {
      const fr = await registerUser(t);
      await t.api('PUT', '/api/account/language', { token: fr.token, body: { language: 'fr' } });
      const created = await t.api('POST', '/api/idea-generator-requests', {
        token: fr.token,
        body: { researchBackground: BACKGROUND, researchInterests: INTERESTS },
      });
      await until(async () => {
        const list = await t.api('GET', '/api/idea-generator-requests', { token: fr.token });
        return list.body.find((r: { id: string }) => r.id === created.body.id)?.status === 'complete';
      }, 150_000);
      const url = `/api/idea-generator-requests/${created.body.id}/download`;
      const md = (await t.api('GET', `${url}?format=md`, { token: fr.token })).body as string;
      expect(md).toContain('## Voie de commercialisation\n');
      expect(md).toContain('- **Parcours réglementaire\u00a0:** ');
      expect(md).not.toMatch(/## Commercialization path|\*\*Regulatory pathway:\*\*/);
      const pdf = await fetch(`${t.baseUrl}${url}?format=pdf`, {
        headers: { authorization: `Bearer ${fr.token}` },
      });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idea-'));
      fs.writeFileSync(path.join(dir, 'idea.pdf'), Buffer.from(await pdf.arrayBuffer()));
      // pdftotext reads the no-break space as a space.
      const text = execFileSync('pdftotext', [path.join(dir, 'idea.pdf'), '-'], { encoding: 'utf8' });
      fs.rmSync(dir, { recursive: true, force: true });
      expect(text).toContain('Analyse du marché');
      expect(text).toMatch(/Marché total adressable :/);
      expect(text).not.toContain('Market analysis');
    },
  );

  it('charges 0.5 credit, completes in the background with the §3 shape, and lists it', async () => {
    const { token, user, email } = await registerUser(t);
    expect(user.credits).toBe(1);
    const created = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchBackground: BACKGROUND, researchInterests: INTERESTS },
    });
    expect(created.status).toBe(201);
    expect(created.body.ideaResults).toBeNull();
    expect(created.body.status).toBe('processing');
    // Always an ETA: measured, or the run's time limit (paid-work/durations.repository.test.ts).
    expect(Date.parse(created.body.etaTimestamp)).toBeGreaterThan(
      Date.parse(created.body.submissionTimestamp),
    );
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(0.5);

    const done = await until(async () => {
      const list = await t.api('GET', '/api/idea-generator-requests', { token });
      const row = list.body.find((r: { id: string }) => r.id === created.body.id);
      return row?.status === 'complete' ? row : undefined;
    });
    const idea = ideaResultsSchema.parse(parseModelJson(done.ideaResults));
    expect(idea.target_customer.primary_segment).toMatch(/Hospital/);
    // Funding sources name real programs of the seeded catalogue first.
    const catalogue = (await t.api('GET', '/api/grant-programs')).body as Array<{
      name: string;
      agency: string;
    }>;
    expect(catalogue.map((p) => `${p.name} (${p.agency})`)).toContain(
      idea.commercialization_path.funding_sources[0],
    );
    const mail = await t.smtp.waitFor(email, (m) => m.subject.startsWith('Your research idea is ready'));
    expect(mail.text).toContain(idea.research_topic.name);
    // The operator's automation hears about it once.
    await until(() => received.some((e) => e.data.requestId === done.id));
    expect(received.filter((e) => e.data.requestId === done.id).map((e) => e.event)).toEqual([
      'idea.completed',
    ]);

    const md = await t.api('GET', `/api/idea-generator-requests/${done.id}/download?format=md`, { token });
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toContain('text/markdown');
    expect(md.body).toContain('## Commercialization path');
    const pdf = await fetch(`${t.baseUrl}/api/idea-generator-requests/${done.id}/download?format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(1);

    // Someone else's idea is not there for them.
    const other = await registerUser(t);
    expect(
      (
        await t.api('GET', `/api/idea-generator-requests/${done.id}/download?format=md`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect((await t.api('GET', '/api/idea-generator-requests', { token: other.token })).body).toEqual([]);
  });

  it('validates the 5000-character limits with the spec messages and needs a session', async () => {
    const { token } = await registerUser(t);
    const long = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchBackground: 'x'.repeat(5001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Research background too long');
    const long2 = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchInterests: 'x'.repeat(5001) },
    });
    expect(long2.body.message).toBe('Research interests too long');
    expect((await t.api('POST', '/api/idea-generator-requests', { body: {} })).status).toBe(401);
  });

  it('charges once for a retried request with the same Idempotency-Key', async () => {
    const { token } = await registerUser(t);
    const headers = { 'idempotency-key': 'idea-form-1' };
    const first = await t.api('POST', '/api/idea-generator-requests', {
      token,
      headers,
      body: { researchInterests: 'x' },
    });
    const again = await t.api('POST', '/api/idea-generator-requests', {
      token,
      headers,
      body: { researchInterests: 'x' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(0.5);
  });

  it('refuses with 402 when the balance is below 0.5 and leaves no request behind', async () => {
    const { token } = await registerUser(t);
    expect((await t.api('POST', '/api/idea-generator-requests', { token, body: {} })).status).toBe(201);
    expect((await t.api('POST', '/api/idea-generator-requests', { token, body: {} })).status).toBe(201);
    const third = await t.api('POST', '/api/idea-generator-requests', { token, body: {} });
    expect(third.status).toBe(402);
    expect(third.body.message).toBe('Insufficient credits');
    expect((await t.api('GET', '/api/idea-generator-requests', { token })).body).toHaveLength(2);
  });

  it('a model answer is validated by the same schema; a final failure refunds exactly once', async () => {
    const { token } = await registerUser(t);
    const deps = {
      database: t.database,
      mailer: t.runtime.mailer,
      env: t.env,
      log: pino({ level: 'silent' }),
    };
    // Stop the worker from racing the direct calls below: make the rows with the queue paused.
    await t.runtime.queue.stop();
    const a = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchInterests: 'battery recycling' },
    });
    const b = await t.api('POST', '/api/idea-generator-requests', {
      token,
      body: { researchInterests: 'soil sensors' },
    });
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(0);

    const modelIdea = generateOfflineIdea({ researchBackground: '', researchInterests: 'grid storage' });
    const good: AiProvider = { name: 'fake', generateObject: async (req) => req.schema.parse(modelIdea) };
    await runIdeaGeneration({ ...deps, provider: good }, a.body.id);
    const bad: AiProvider = {
      name: 'fake',
      generateObject: async (req) => req.schema.parse({ research_topic: 'nope' }),
    };
    await expect(runIdeaGeneration({ ...deps, provider: bad }, b.body.id)).rejects.toThrow();

    await failIdeaGeneration(deps, b.body.id, 'test');
    await failIdeaGeneration(deps, b.body.id, 'test again');
    // A completed request is never refunded.
    await failIdeaGeneration(deps, a.body.id, 'late failure');
    const list = (await t.api('GET', '/api/idea-generator-requests', { token })).body as Array<{
      id: string;
      status: string;
      error: string | null;
      ideaResults: string | null;
    }>;
    const rowA = list.find((r) => r.id === a.body.id)!;
    const rowB = list.find((r) => r.id === b.body.id)!;
    expect(rowA.status).toBe('complete');
    // Stored as the model gave it, except that a figure the researcher never wrote ("IEEE 1547",
    // "NAICS 2211") is marked as the model's estimate (issue 13 §4).
    const MARK = ' (estimate from the AI model; verify before use)';
    const stored = rowA.ideaResults!;
    expect(stored).toContain(MARK);
    expect(JSON.parse(stored.split(MARK).join(''))).toEqual(modelIdea);
    expect(rowB.status).toBe('error');
    expect(rowB.error).toBe('Idea generation failed. Your 0.5 credits were refunded.');
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(0.5);
    expect(received.filter((e) => e.data.requestId === b.body.id).map((e) => e.event)).toEqual([
      'idea.failed',
    ]);
  });
});
