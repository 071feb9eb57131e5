import { describe, expect, it } from 'vitest';
import { topTenFromWords as top10 } from '../fixtures/top-ten.ts';
import { readApplicant } from './applicant.ts';

// Development misses read for the ADR 1116 round (held-out 6 and 8, spent): humanities and family
// studies read with no field, or as health, listed programs their mandates exclude. Made-up words.
const read = (team: string, topic = '', details = '') => readApplicant({ topic, details, team });
const HEALTH_AND_SCIENCE = [
  'us-nih-r01',
  'us-nih-r21',
  'us-nih-r03',
  'us-nih-r15',
  'us-dod-cdmrp',
  'us-arpa-e-open',
];

describe('music, editions and periods of history are the humanities (ADR 1116)', () => {
  it('reads a study of musical meaning as the humanities', () => {
    expect(
      read('Dana Roe, Rice University, Houston, Texas.', 'Rhythm and Musical Expectation').fields,
    ).toEqual(['humanities']);
  });

  it('reads an English translation with a critical introduction as the humanities', () => {
    const who = read(
      'Sam Lee, Ohio State University, Columbus, Ohio.',
      'A sixteenth-century Spanish romance',
      'The first English translation of the romance, with a critical introduction.',
    );
    expect(who.fields).toEqual(['humanities']);
  });

  it('keeps NIH, DoD and ARPA-E programs out of the top 10 for a music scholar', () => {
    const ids = top10(
      'Rhythm and Musical Expectation',
      'A book on how rhythm shapes listeners’ emotional expectations, from musicology and the cognitive sciences.',
      'Dana Roe, Rice University, Houston, Texas.',
    );
    for (const id of HEALTH_AND_SCIENCE) expect(ids).not.toContain(id);
  });

  it('reads a historian’s premodern medical treatise as the humanities, not health', () => {
    const who = read(
      'Dana Roe, History, Faculty of Arts, Brock University.',
      'How medical recipes travelled: a premodern herbal in Europe',
      'Tracing copies of the herbal through manuscript studies and digital humanities.',
    );
    expect(who.fields).not.toContain('health');
    const ids = top10(
      'How medical recipes travelled: a premodern herbal in Europe',
      'Tracing copies of the herbal through manuscript studies and digital humanities.',
      'Dana Roe, History, Faculty of Arts, Brock University, St. Catharines, Ontario.',
    );
    for (const id of ['ca-cihr-project-grant', 'ca-cihr-catalyst', 'ca-ccs-challenge-grants'])
      expect(ids).not.toContain(id);
  });

  it('reads cultural studies as the humanities', () => {
    expect(read('Dr. Sam Lee, adjunct professor, Cultural Studies, Trent University.').fields).toEqual([
      'humanities',
    ]);
  });

  it('does not read "early" or "translation" alone as the humanities', () => {
    const who = read(
      'Dana Roe, Department of Biochemistry, McGill University.',
      'Early translation initiation in yeast ribosomes',
    );
    expect(who.fields).not.toContain('humanities');
  });
});

describe('a department of family relations is the social sciences (ADR 1116)', () => {
  it('reads family relations as the social sciences and lists no CIHR or NSERC program', () => {
    expect(read('Sam Lee, Family Relations, University of Guelph, Ontario.').fields).toEqual([
      'social-sciences',
    ]);
    const ids = top10(
      'Bedtime routines in young families',
      'Observing families at bedtime to learn how routines relate to children’s sleep.',
      'Sam Lee, Family Relations, University of Guelph, Ontario.',
    );
    for (const id of ['ca-cihr-project-grant', 'ca-nserc-discovery-grants', 'ca-nserc-create'])
      expect(ids).not.toContain(id);
  });
});
