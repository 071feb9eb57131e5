import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '@grantleaf/shared/applicant-profile.schema';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { rankableFromRow, rankPrograms } from '../funding/index.ts';
import { readApplicant } from './applicant.ts';

// Held-out 8's misses, read for the ADR 1091 round (each case is the miss, in made-up words).
const read = (team: string, topic = '') => readApplicant({ topic, details: '', team });
const TODAY = new Date('2026-11-28T12:00:00Z');
/** The programs ranked for a request, on a fixed day, from the seed catalogue. */
const rankedIds = (query: Parameters<typeof rankPrograms>[0]) =>
  rankPrograms(
    query,
    readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY)),
    TODAY,
  ).map((r) => r.program.id);

describe('a graduate student working toward a degree (ADR 1091)', () => {
  it('reads "working toward a Ph.D." as a graduate student', () => {
    const who = read('Dana Roe, working toward a Ph.D. in developmental psychology at Purdue University.');
    expect(who.kind).toBe('student');
    expect(who.stated?.studentLevel).toBe('graduate');
  });

  it('reads "working towards a master\'s" the same way', () => {
    expect(read("Sam Lee is working towards a master's in geography at the University of Regina.").kind).toBe(
      'student',
    );
  });

  it('still reads a professor who works toward a goal as a researcher', () => {
    expect(read('Dana Roe, associate professor of psychology, working toward better screening.').kind).toBe(
      'researcher',
    );
  });

  it('ranks a graduate fellowship, and no faculty grant, for such a student', () => {
    const ranked = rankedIds({
      researchTopic: 'Attention and working memory in early childhood',
      researchDetails: 'Graduate research on how attention develops between ages three and six.',
      teamProfile: 'Dana Roe, working toward a Ph.D. in developmental psychology at Purdue University.',
      profileFacts: null,
    });
    expect(ranked.slice(0, 5)).toContain('us-nsf-grfp');
    expect(ranked.slice(0, 10)).not.toContain('us-nsf-career');
    expect(ranked.slice(0, 10)).not.toContain('us-neh-fellowships');
  });
});

describe('a department of art is the humanities (ADR 1091)', () => {
  it('reads "Department of Art" and "visual arts" as humanities', () => {
    expect(read('Dr. Dana Roe, Department of Art, Mount Royal University, Calgary.').fields[0]).toBe(
      'humanities',
    );
    expect(read('Sam Lee, professor of visual arts, University of Regina.').fields[0]).toBe('humanities');
  });

  it('does not read "state of the art" as the humanities', () => {
    const who = readApplicant({
      topic: 'A state of the art battery separator',
      details: 'State of the art polymer membranes for lithium cells.',
      team: 'Dana Roe, Department of Chemical Engineering, University of Waterloo.',
    });
    expect(who.fields).not.toContain('humanities');
  });

  it('keeps health and natural-science programs out of the top 10 for an art historian', () => {
    const ranked = rankedIds({
      researchTopic: 'The visual and material archive of a Mi’kmaw hieroglyphic script',
      researchDetails: 'Intercultural dialogue around drawings, carvings and manuscripts held in archives.',
      teamProfile: 'Dr. Dana Roe, Department of Art, Mount Royal University, Calgary, Alberta.',
      profileFacts: { ...EMPTY_FACTS },
    });
    const top10 = ranked.slice(0, 10);
    for (const id of ['ca-cihr-project-grant', 'ca-ccs-challenge-grants', 'ca-nserc-discovery-grants'])
      expect(top10).not.toContain(id);
  });
});
