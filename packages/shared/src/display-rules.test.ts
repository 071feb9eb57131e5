import { describe, expect, it } from 'vitest';
import {
  applicationStatusLabelFr,
  applicationStatusLabel,
  applicationStatusTone,
  approvedFundingMillions,
  certificationBadge,
  fundingProbabilityBadge,
  meanScore,
  parseAmount,
  progressToward,
  summariseApplications,
} from './display-rules.ts';
import { otherStatuses } from './applications.schema.ts';
import { ideaRequestSchema } from './ideas.schema.ts';
import { marketingRequestSchema } from './marketing.schema.ts';

describe('badges', () => {
  it('certification: Ready on ready / compliant / submission ready, else Needs Revision', () => {
    expect(certificationBadge('Submission Ready')).toBe('Ready');
    expect(certificationBadge('COMPLIANT with guidelines')).toBe('Ready');
    expect(certificationBadge('ready')).toBe('Ready');
    expect(certificationBadge('Requires major changes')).toBe('Needs Revision');
    expect(certificationBadge(undefined)).toBe('Needs Revision');
  });
  it('funding probability', () => {
    expect(fundingProbabilityBadge('high')).toEqual({ label: 'High', tone: 'green' });
    expect(fundingProbabilityBadge(' Moderate ')).toEqual({ label: 'Moderate', tone: 'yellow' });
    expect(fundingProbabilityBadge('LOW')).toEqual({ label: 'Low', tone: 'red' });
    expect(fundingProbabilityBadge('')).toEqual({ label: 'Unknown', tone: 'grey' });
  });
  it('application status colours and labels', () => {
    expect(applicationStatusTone('approved')).toBe('green');
    expect(applicationStatusTone('under_review')).toBe('yellow');
    expect(applicationStatusTone('rejected')).toBe('red');
    expect(applicationStatusTone('submitted')).toBe('blue');
    expect(applicationStatusTone('draft')).toBe('grey');
    expect(applicationStatusLabel('under_review')).toBe('Under review');
    expect(applicationStatusLabel('draft')).toBe('Draft');
  });
});

describe('mean score (§9: one decimal)', () => {
  it('averages the criterion scores', () => {
    expect(meanScore([{ score: 7 }, { score: 8 }, { score: 8 }])).toBe('7.7');
    expect(meanScore([{ score: '9' }, { score: 6 }])).toBe('7.5');
    expect(meanScore([{ score: 'n/a' }, { score: 4 }])).toBe('4.0');
    expect(meanScore([])).toBeNull();
  });
});

describe('second dashboard figures', () => {
  it('reads amounts typed as free text', () => {
    expect(parseAmount('$250,000')).toBe(250_000);
    expect(parseAmount('CAD 1.2M')).toBe(1_200_000);
    expect(parseAmount('750k')).toBe(750_000);
    expect(parseAmount('2.5 million')).toBe(2_500_000);
    expect(parseAmount('TBD')).toBeNull();
  });
  it('sums approved amounts only, in millions with one decimal', () => {
    const apps = [
      { status: 'approved', amount: '$1,500,000' },
      { status: 'approved', amount: '900k' },
      { status: 'rejected', amount: '$5M' },
      { status: 'draft', amount: '$3M' },
      { status: 'submitted', amount: '' },
      { status: 'under_review', amount: '1M' },
    ];
    expect(approvedFundingMillions(apps)).toBe('$2.4M');
    expect(summariseApplications(apps)).toEqual({
      total: 6,
      inProgress: 3,
      approved: 2,
      totalFunding: '$2.4M',
    });
    expect(approvedFundingMillions([])).toBe('$0.0M');
  });
  it('offers every other status from any status (issue 28 §4)', () => {
    expect(otherStatuses('draft')).toEqual(['submitted', 'under_review', 'approved', 'rejected']);
    expect(otherStatuses('approved')).toEqual(['draft', 'submitted', 'under_review', 'rejected']);
  });
});

describe('progress from etaTimestamp', () => {
  it('reports the fraction elapsed and the time left, never 100% before the result', () => {
    const start = '2026-01-01T00:00:00Z';
    const eta = '2026-01-01T00:10:00Z';
    const half = progressToward(start, eta, Date.parse('2026-01-01T00:05:00Z'));
    expect(half.fraction).toBeCloseTo(0.5);
    expect(half.remaining).toBe('About 5 minutes left');
    expect(progressToward(start, eta, Date.parse('2026-01-01T00:20:00Z'))).toEqual({
      fraction: 0.95,
      remaining: 'Almost done...',
    });
    expect(progressToward(start, null).remaining).toBe('Time left not known yet');
    // A job measured in seconds is not told it has minutes left.
    expect(progressToward(start, '2026-01-01T00:00:08Z', Date.parse('2026-01-01T00:00:02Z')).remaining).toBe(
      'Less than a minute left',
    );
    expect(progressToward(start, '2026-01-01T00:01:30Z', Date.parse('2026-01-01T00:00:02Z')).remaining).toBe(
      'About 2 minutes left',
    );
  });
});

describe('form schemas carry the spec messages', () => {
  it('idea fields are at most 5000 characters', () => {
    const r = ideaRequestSchema.safeParse({
      researchBackground: 'x'.repeat(5001),
      researchInterests: 'y'.repeat(5001),
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'Research background too long',
      'Research interests too long',
    ]);
    expect(ideaRequestSchema.parse({})).toEqual({ researchBackground: '', researchInterests: '' });
  });
  it('marketing needs a phone and a service', () => {
    const r = marketingRequestSchema.safeParse({ phone: ' ', services: [], email: 'a@utoronto.ca' });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      'Phone number is required',
      'Please select at least one service',
    ]);
  });
});

describe('applicationStatusLabelFr', () => {
  it('names the tracker statuses in French, and an unknown one by the English rule', () => {
    expect(applicationStatusLabelFr('under_review')).toBe('En évaluation');
    expect(applicationStatusLabelFr('approved')).toBe('Approuvée');
    expect(applicationStatusLabelFr('on_hold')).toBe('On hold');
  });
});
