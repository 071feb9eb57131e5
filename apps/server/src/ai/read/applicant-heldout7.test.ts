import { describe, expect, it } from 'vitest';
import { ineligibilityReasons, type ApplicantProfile } from '@grantleaf/shared/eligibility';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { readApplicant } from './applicant.ts';

// Held-out 7's misses, read for the ADR 1032 round (each case is the miss, in made-up words).
const read = (team: string) => readApplicant({ topic: '', details: '', team });

describe('who applies is named first (ADR 1032)', () => {
  it('reads a company named with its legal form before its principal investigator', () => {
    expect(read('Quartz Assays, Inc.; principal investigator Dana Roe.').kind).toBe('company');
  });

  it('reads "a company led by researchers at" a university as the company', () => {
    expect(
      read(
        'Lumen Devices, Ames, Iowa, a company led by researchers at Iowa State University (A. Roe, associate professor).',
      ).kind,
    ).toBe('company');
  });

  it('still reads a professor who names a company after their own role as a researcher', () => {
    expect(
      read('Dana Roe, associate professor, Iowa State University; partner Lumen Devices, Inc.').kind,
    ).toBe('researcher');
  });
});

describe('where the applicant is (ADR 1032)', () => {
  it('finds a campus typed with a hyphen where the institution list writes an en dash', () => {
    expect(
      read('Assistant Professor, Mechanical Engineering, University of Wisconsin-Madison.'),
    ).toMatchObject({
      country: 'US',
    });
  });
});

describe('the NRSA fellowships fund behavioural research (ADR 1032)', () => {
  const rules = (id: string) => readSeedPrograms(SEED_FILE).find((row) => row.id === id)!.eligibilityRules!;
  const applicant = (
    kind: ApplicantProfile['kind'],
    field: ApplicantProfile['fields'][number],
  ): ApplicantProfile => ({
    kind,
    country: 'US',
    regions: ['US-TN'],
    fields: [field],
    fieldWords: {},
    careerStage: kind === 'student' ? 'student' : null,
    employees: null,
    hasPartner: false,
    indigenous: false,
    budget: null,
  });

  it('lets a psychology postdoc apply to the F32 and a psychology doctoral student to the F31', () => {
    expect(ineligibilityReasons(rules('us-nih-f32'), applicant('postdoc', 'social-sciences'))).toEqual([]);
    expect(ineligibilityReasons(rules('us-nih-f31'), applicant('student', 'social-sciences'))).toEqual([]);
  });

  it('still leaves a humanities postdoc out of the F32', () => {
    expect(ineligibilityReasons(rules('us-nih-f32'), applicant('postdoc', 'humanities'))).not.toEqual([]);
  });
});
