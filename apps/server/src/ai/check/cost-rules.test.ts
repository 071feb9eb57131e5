import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import { costRuleChecks } from './cost-rules.ts';

/**
 * The draft's "Budget cap" check on the caps confirmed in ADR 0630: a confirmed cap decides on both
 * sides of its amount and quotes the funder's words; an unconfirmed one never decides.
 */

const program = (id: string): GrantProgram => {
  const found = (catalogue as unknown as GrantProgram[]).find((p) => p.id === id);
  if (!found) throw new Error(`no program ${id}`);
  return found;
};
const cap = (id: string, request: number) =>
  costRuleChecks(program(id), { request, partnerCash: null }).find((c) => c.rule === 'Budget cap');

describe('the draft’s budget cap on the rules confirmed in ADR 0630', () => {
  it('NIH SBIR/STTR Phase I: $314,363 is within the confirmed cap, $314,364 is over it', () => {
    expect(cap('us-nih-sbir-sttr-phase-1', 314_363)?.status).toBe('met');
    const over = cap('us-nih-sbir-sttr-phase-1', 314_364);
    expect(over?.status).toBe('unmet');
    expect(over?.message).toContain('For specific topics, NIH may exceed these total award amounts');
  });

  it('NIH SBIR/STTR Phase II: $2,095,748 within, $2,095,749 over', () => {
    expect(cap('us-nih-sbir-sttr-phase-2', 2_095_748)?.status).toBe('met');
    expect(cap('us-nih-sbir-sttr-phase-2', 2_095_749)?.status).toBe('unmet');
  });

  it('NSERC CREATE: its direct-cost cap is read against the request, since NSERC pays no indirect costs', () => {
    expect(cap('ca-nserc-create', 1_650_000)?.status).toBe('met');
    expect(cap('ca-nserc-create', 1_650_001)?.status).toBe('unmet');
  });

  it('Mitacs Globalink Research Award: $12,000 within, $12,001 over', () => {
    expect(cap('ca-mitacs-globalink-research-award', 12_000)?.status).toBe('met');
    expect(cap('ca-mitacs-globalink-research-award', 12_001)?.message).toContain(
      '$6,000 per internship unit',
    );
  });

  it('an unconfirmed cap (NSF SBIR Phase I) never decides, on either side', () => {
    for (const request of [305_000, 305_001]) {
      const check = cap('us-nsf-sbir-sttr-phase-1', request);
      expect(check?.status).toBe('unknown');
      expect(check?.message).toContain('Check with the funder');
    }
  });

  it('NFRF Exploration: a per-year limit is never read against a whole-project request', () => {
    expect(cap('ca-nfrf-exploration', 250_000)).toBeUndefined();
  });
});
