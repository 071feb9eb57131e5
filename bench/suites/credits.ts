import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { startTarget } from '../lib/child.ts';
import { fundedUser } from '../lib/users.ts';
import { skip, type Context, type Row } from '../lib/report.ts';
import { fmt, summarize } from '../lib/stats.ts';
import { USER_LIMITS } from '../../apps/server/src/http/rate-limit.ts';
import { priceTenths } from '../../packages/shared/src/paid-work-catalogue.ts';

const IDEAS = new URL('../../apps/server/src/modules/ideas/ideas.routes.ts', import.meta.url);
const PRICE = priceTenths('idea');
const PARALLEL = 200;

/** 200 parallel paid requests (idea generation) on one account: exactly the affordable ones pass. */
export async function creditsSuite(ctx: Context): Promise<Row[]> {
  if (!fs.existsSync(IDEAS)) skip('no paid endpoint (ideas) yet');
  const rows: Row[] = [];
  const parallel = ctx.quick ? 40 : PARALLEL;
  // The per-user paid limit lets USER_LIMITS.paid.points through a minute; the balance pays for fewer.
  const passLimit = USER_LIMITS.paid.points;
  const affordable = passLimit - 10;
  const kinds: Array<['postgres' | 'pglite', string | undefined]> = [['pglite', undefined]];
  if (ctx.postgres) kinds.unshift(['postgres', ctx.postgres.url]);
  for (const [kind, url] of kinds) {
    const target = await startTarget(
      kind === 'postgres' ? { mode: 'app', databaseUrl: url } : { mode: 'app', pgliteDir: ctx.pglite!.dir },
    );
    try {
      const times: number[] = [];
      let allExact = true;
      let allBalanced = true;
      const details: unknown[] = [];
      for (let r = 0; r < ctx.runs; r++) {
        const { token, userId } = await fundedUser(target, affordable * PRICE, 'credits');
        const t0 = performance.now();
        const statuses = await Promise.all(
          Array.from({ length: parallel }, (_, i) =>
            fetch(`${target.url}/api/idea-generator-requests`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({
                researchBackground: `Bench ${r}.${i}`,
                researchInterests: 'soil science',
              }),
            }).then(async (res) => {
              await res.arrayBuffer();
              return res.status;
            }),
          ),
        );
        times.push(performance.now() - t0);
        const accepted = statuses.filter((s) => s === 201).length;
        const refused = statuses.filter((s) => s === 402).length;
        const limited = statuses.filter((s) => s === 429).length;
        const [state] = await target.call('sql', {
          text: `SELECT u.credits, (SELECT coalesce(sum(amount), 0)::int FROM credit_ledger l WHERE l.user_id = u.id) AS ledger,
                        (SELECT count(*)::int FROM idea_requests i WHERE i.user_id = u.id) AS rows
                 FROM users u WHERE u.id = $1`,
          values: [userId],
        });
        const exact =
          accepted === affordable &&
          refused === passLimit - affordable &&
          limited === parallel - passLimit &&
          state.rows === affordable;
        const balanced = state.credits === state.ledger && state.credits === 0;
        allExact &&= exact;
        allBalanced &&= balanced;
        details.push({
          accepted,
          refused,
          limited,
          other: parallel - accepted - refused - limited,
          ...state,
        });
      }
      const label = kind === 'postgres' ? 'PostgreSQL' : 'embedded';
      rows.push({
        metric: `${label}: ${parallel} parallel paid requests, balance for ${affordable}, ${passLimit}/min limit`,
        candidate: allExact
          ? `exactly ${affordable} accepted in every run`
          : `wrong counts: ${JSON.stringify(details)}`,
        baseline: 'invariant',
        target: 'exact count accepted',
        held: allExact,
        data: { runs: details, wallMs: summarize(times) },
      });
      rows.push({
        metric: `${label}: balance = ledger sum`,
        candidate: allBalanced
          ? `held in ${ctx.runs} runs (${fmt(summarize(times), ' ms')} per burst)`
          : 'BROKEN',
        baseline: 'invariant',
        target: 'balance = ledger sum',
        held: allBalanced,
      });
    } finally {
      await target.close();
    }
  }
  return rows;
}
