import { describe, expect, it } from 'vitest';
import { topTenFromWords as top10 } from '../fixtures/top-ten.ts';
import { readApplicant } from './applicant.ts';

// Development misses read for the ADR 1161 round (held-out 10, spent after ADR 1160): a journalism school's
// roundtable on mental health in newsrooms was read as health. Made-up words.
const read = (team: string, topic = '', details = '') => readApplicant({ topic, details, team });

describe('journalism is the social sciences (ADR 1161)', () => {
  it('reads a professor of a school of journalism as the social sciences', () => {
    expect(read('Prof. Ana Kim, School of Journalism, Concordia University.').fields).toEqual([
      'social-sciences',
    ]);
  });

  it('keeps CIHR and the Canadian Cancer Society out of the top 10 for a roundtable on trauma in journalism', () => {
    const ids = top10(
      'A roundtable on burnout, mental health and trauma in local journalism',
      'A two-day roundtable on burnout, mental health and trauma among reporters in local journalism.',
      'Prof. Ana Kim, School of Journalism, Concordia University, Montreal.',
    );
    for (const id of ['ca-cihr-project-grant', 'ca-cihr-catalyst', 'ca-ccs-challenge-grants'])
      expect(ids).not.toContain(id);
    expect(ids).toContain('ca-sshrc-connection-grants');
  });

  it('still reads a psychiatry department’s study of trauma in journalists as health', () => {
    expect(
      read(
        'Sam Lee, Department of Psychiatry, McGill University.',
        'Post-traumatic stress disorder in war journalists: a clinical trial of therapy',
      ).fields,
    ).toContain('health');
  });
});

describe('a title given to the person the applicant works with is theirs (ADR 1161)', () => {
  const team =
    'Dr. Mina Ortiz (Biology), for some years an adjunct assistant professor at the University of Guelph; the postdoctoral research is with Alan Reyes, professor in the zoology department.';

  it('reads a postdoc whose supervisor is named with his title as a postdoc', () => {
    expect(read(team).kind).toBe('postdoc');
  });

  it('lists Banting and no faculty program for that postdoc', () => {
    const ids = top10(
      'Hormones and nest defence in barn swallows',
      'Raising stress hormone levels in barn swallows and recording their nest defence at a field station.',
      team,
    );
    expect(ids).toContain('ca-banting-pdf');
    for (const id of ['ca-on-era', 'ca-nserc-discovery-grants', 'ca-cfi-jelf']) expect(ids).not.toContain(id);
  });

  it('reads a professor who works with a named postdoctoral fellow as a researcher, not as the fellow', () => {
    expect(
      read('Dr. Mina Ortiz, associate professor of biology, working with Alan Reyes, postdoctoral fellow.')
        .kind,
    ).toBe('researcher');
  });

  it('still reads a PhD candidate whose supervisor is named with his title as a student', () => {
    expect(read('Jo Park, PhD candidate, working with Alan Reyes, professor of zoology.').kind).toBe(
      'student',
    );
  });
});

describe('forced displacement, foreign policy and suburbanization are the social sciences (ADR 1161)', () => {
  it('reads a workshop on people displaced by a war as the social sciences', () => {
    expect(
      read(
        'Lea Hart, Institute of Baltic Studies, Carleton University.',
        'Displaced people after the war in Georgia',
        'A workshop with policymakers and displaced people, its papers published in a foreign policy journal.',
      ).fields,
    ).toEqual(['social-sciences']);
  });

  it('lists the Connection Grant and no NSERC or cancer program for a conference on suburbanization', () => {
    const ids = top10(
      'Suburbanization and life at the edge of global cities',
      'A conference closing a multiyear project on suburbanization and urban studies, with international scholars as speakers.',
      'Professor Ravi Nair, Faculty of Environmental Studies, York University, Toronto.',
    );
    expect(ids).toContain('ca-sshrc-connection-grants');
    for (const id of ['ca-nserc-discovery-grants', 'ca-ccs-challenge-grants']) expect(ids).not.toContain(id);
  });

  it('still reads a study of the health of refugees in a nursing faculty as health', () => {
    expect(
      read('Kim Obi, Faculty of Nursing, University of Alberta.', 'Diabetes care for refugee patients')
        .fields,
    ).toContain('health');
  });
});

describe('a civil war is history, artists are the arts (ADR 1161)', () => {
  it('reads a history professor’s exhibition on a civil war with no engineering', () => {
    const fields = read(
      'Prof. Ana Ruiz, Department of History, York University.',
      'Remembering the Greek Civil War online',
      'An online exhibition of the Greek Civil War, launched with a symposium.',
    ).fields;
    expect(fields).not.toContain('engineering');
  });

  it('reads a summer institute for emerging artists and their artworks as the humanities', () => {
    expect(
      read(
        'Lee Tran, School for Studies in Art and Culture, Carleton University.',
        'A summer institute in video-making',
        'Emerging Inuit artists learn video-making and create original artworks.',
      ).fields,
    ).toEqual(['humanities']);
  });

  it('still reads a civil engineer’s bridge study as engineering', () => {
    expect(
      read(
        'Sam Lee, Department of Civil Engineering, University of Waterloo.',
        'Fatigue of steel bridge decks',
      ).fields,
    ).toContain('engineering');
  });
});
