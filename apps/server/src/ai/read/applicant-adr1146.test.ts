import { describe, expect, it } from 'vitest';
import { topTenFromWords as top10 } from '../fixtures/top-ten.ts';
import { readApplicant } from './applicant.ts';

// Development misses read for the ADR 1146 round (held-out 9, spent): a human development professor's
// autism study read with no field listed NIH's health programs. Made-up words.
const read = (team: string, topic = '', details = '') => readApplicant({ topic, details, team });

describe('human development is the social sciences (ADR 1146)', () => {
  it('reads an assistant professor of human development as the social sciences', () => {
    expect(read('Dana Roe, assistant professor of human development, Purdue University.').fields).toEqual([
      'social-sciences',
    ]);
  });

  it('keeps NIH health programs out of the top 10 for a human development study of autism', () => {
    const ids = top10(
      'Attention in toddlers with autism, studied through puzzle play',
      'A study of attention in toddlers with autism and their brothers and sisters, with EEG recorded while they solve puzzles.',
      'Dana Roe, assistant professor of human development, Purdue University, West Lafayette, Indiana.',
    );
    for (const id of ['us-nih-k08', 'us-nih-k23', 'us-nih-k01', 'us-nih-r21', 'us-nih-r15', 'us-nih-r01'])
      expect(ids).not.toContain(id);
  });

  it('still reads a pediatrics department’s child health study as health', () => {
    expect(
      read('Sam Lee, Department of Pediatrics, University of Iowa.', 'Sleep apnea in children with asthma')
        .fields,
    ).toContain('health');
  });
});
