import { describe, expect, it } from 'vitest';
import { applyFacts, EMPTY_FACTS } from '@grantleaf/shared/applicant-profile.schema';
import { ineligibilityReasons } from '@grantleaf/shared/eligibility';
import { triAgencyRules } from '../../../test/fixtures/tri-agency-rules.ts';
import { readApplicant } from './applicant.ts';

// The mandate follows the applicant's own field, not stray topic words (issue 25 §2, ADR 0930); the
// institution data, not ad-hoc strings, says who an institution's people are and where they are.

const TODAY = new Date('2026-11-28T12:00:00Z');
const read = (topic: string, details: string, team: string) => readApplicant({ topic, details, team });
const { nserc, cihr, sshrc } = triAgencyRules;

describe('the field of the work is the applicant’s own (ADR 0930)', () => {
  it('reads a historian’s ecological history as history, not natural science', () => {
    const who = read(
      'Frontiers of Ecological Imperialism: A History of European Biological Expansion in Western Canada',
      'How introduced species and microbes changed ecosystems in Western Canada.',
      'Sean Kheraj, History Department, York University, Toronto.',
    );
    expect(who.fields).toEqual(['humanities']);
    expect(ineligibilityReasons(nserc, who)).not.toEqual([]);
    expect(ineligibilityReasons(sshrc, who)).toEqual([]);
  });

  it('reads an engineering physicist’s detector of disease markers as engineering, not CIHR’s', () => {
    const who = read(
      'Light, electronics, molecules and nanomaterials for a handheld detector of genetic material',
      'A handheld device sensitive enough to detect trace genetic material that signals cancer or infectious diseases.',
      'Dr. Leyla Soleymani, engineering physicist, McMaster University, Hamilton, Ontario.',
    );
    expect(who.fields).not.toContain('health');
    expect(ineligibilityReasons(cihr, who)).not.toEqual([]);
    expect(ineligibilityReasons(nserc, who)).toEqual([]);
  });

  it('lets a topic wholly outside the department’s field lead: a statistician’s life expectancy', () => {
    const who = read(
      'Local Investigations of Life Expectancy in Atlantic Canada',
      'Differences in life expectancy between the regions of Atlantic Canada.',
      'Dr. Kyran Cupido, Department of Mathematics and Statistics, St. Francis Xavier University.',
    );
    expect(who.fields[0]).toBe('social-sciences');
    expect(ineligibilityReasons(sshrc, who)).toEqual([]);
  });

  it('keeps the department’s field first when the topic speaks it too; words alone decide without one', () => {
    const curator = read(
      'Deep-sea aplacophoran diversity',
      'New species of aplacophorans from Antarctic expeditions.',
      'Assistant professor of biological sciences and curator of invertebrate zoology, Alabama Museum of Natural History.',
    );
    expect(curator.fields).not.toContain('humanities');
    const noDepartment = read(
      'Zika virus reagents and models',
      'Therapeutic molecules against the virus.',
      '',
    );
    expect(noDepartment.fields[0]).toBe('health');
  });

  it('follows the field a profile states, and keeps only that field’s words', () => {
    const text = read(
      'Methods for reliable machine learning with applications in medical imaging',
      'Reliable models for clinical images.',
      'Dr. Jacob Levman.',
    );
    expect(text.fields).toContain('health');
    const stated = applyFacts(text, { ...EMPTY_FACTS, fields: ['natural-sciences'] }, TODAY);
    expect(stated.fields).toEqual(['natural-sciences']);
    expect(Object.keys(stated.fieldWords)).toEqual(['natural-sciences']);
    expect(ineligibilityReasons(cihr, stated)[0]).toMatch(
      /your profile gives your field as natural sciences/,
    );
  });
});

describe('the applicant’s field, not the team’s, and fundamental life science (ADR 0996)', () => {
  it('leaves a co-applicant’s department out of the applicant’s field', () => {
    const who = read(
      'A Cultural Typology of Vaccine Misinformation',
      'Develop a new way to understand and address misinformation surrounding measures to control COVID-19.',
      'Michael Christensen, Assistant Professor, Department of Law and Legal Studies, Carleton University; co-applicants Sarah Everts (School of Journalism and Communication) and Majid Komeili (Computer Science).',
    );
    expect(who.fields).toEqual(['social-sciences']);
    expect(ineligibilityReasons(nserc, who)).not.toEqual([]);
    expect(ineligibilityReasons(sshrc, who)).toEqual([]);
  });

  it('reads immunity studied for itself, in a microbiology department, as NSERC’s and not CIHR’s', () => {
    const who = read(
      'Specialized functions of endogenous retroviruses in innate immune cells',
      'Specialized functions of endogenous retroviruses in innate immune cells.',
      'Dr. Maria Tokuyama, Microbiology and Immunology, Life Sciences Institute, University of British Columbia.',
    );
    expect(who.fields).toEqual(['natural-sciences']);
    expect(ineligibilityReasons(cihr, who)).not.toEqual([]);
    expect(ineligibilityReasons(nserc, who)).toEqual([]);
  });

  it('reads thin titles by what they name: compounds and nanocomposites, place names and monuments', () => {
    const chemist = read(
      'Properties of novel metal compounds',
      'Investigating properties of novel metal compounds.',
      'Dr. Jared Allred, assistant professor, The University of Alabama.',
    );
    expect(chemist.fields).toEqual(['natural-sciences']);
    const materials = read(
      'Tunable nanocomposites for smart materials',
      'Tunable nanocomposites for smart materials and a technology platform.',
      'Dr. Martin Mkandawire, researcher, Cape Breton University, Nova Scotia.',
    );
    expect(ineligibilityReasons(cihr, materials)).not.toEqual([]);
    const humanist = read(
      'Place name policy and identity in the 21st century: North America',
      'Studying place name and monument policy across North American municipalities.',
      'Dr. Lauren Beck, Canada Research Chair in Intercultural Encounter, visual and material culture studies, Mount Allison University.',
    );
    expect(humanist.fields).toEqual(['humanities']);
    expect(ineligibilityReasons(nserc, humanist)).not.toEqual([]);
  });

  it('reads a history of medicine’s medical sources as its subject, not as health research', () => {
    const who = read(
      'Obstetrics and the Disabled Maternal Body in Nineteenth-Century Great Britain',
      'A book on the medical dilemmas of treating pregnant women, using literary criticism and the history of medicine: their representation in literary and medical discourse and Victorian medical photography.',
      'Ann Louise Kibbie, Bowdoin College, Brunswick, ME.',
    );
    expect(who.fields[0]).toBe('humanities');
    expect(who.fields).not.toContain('health');
    expect(ineligibilityReasons(cihr, who)).not.toEqual([]);
  });

  it('reads a Professor of English as the humanities, and developmental biology as biology (ADR 1011)', () => {
    const english = read(
      'Mina Loy: Navigating the Avant-Garde',
      'A scholarly website that charts the career of a twentieth-century writer and artist.',
      'Suzanne Churchill, Professor of English, Davidson College.',
    );
    expect(english.fields).toEqual(['humanities']);
    const biologist = read(
      'Primary cilia signalling',
      'How primary cilia control signalling in cells.',
      'David Breslow, molecular, cellular and developmental biology professor, Yale University.',
    );
    expect(biologist.fields).toEqual(['natural-sciences']);
  });

  it('reads a Faculty of Management’s pest-management partnership as business, not agriculture (ADR 1011)', () => {
    const who = read(
      'Pest management and rural entrepreneurial education in Costa Rica',
      'With a non-profit organization focusing on rural community empowerment through entrepreneurial education, addressing pest management as a significant challenge.',
      'Professor Juan Serpa, Desautels Faculty of Management, McGill University, partnering with Creciendo Juntos.',
    );
    expect(who.fields[0]).toBe('social-sciences');
    expect(ineligibilityReasons(nserc, who)).not.toEqual([]);
  });

  it('keeps a virus studied for treatments as health research', () => {
    const who = read(
      'Zika virus reagents and models',
      'Therapeutic molecules against the virus; models of the developing brain.',
      'Dr. Tom Hobman, Department of Cell Biology, Faculty of Medicine, University of Alberta.',
    );
    expect(who.fields).toContain('health');
    expect(ineligibilityReasons(cihr, who)).toEqual([]);
  });
});

describe('institutions from the institution data (ADR 0930)', () => {
  it('reads a college’s professor as faculty when no role is named', () => {
    const who = read(
      'The making of Soviet Central Asia',
      'Individual research on the making of Soviet Central Asia, 1917-1929.',
      'Adeeb Khalid, Carleton College, Northfield, Minnesota.',
    );
    expect(who.kind).toBe('researcher');
  });

  it('places "Penn State" as the Pennsylvania State University it is', () => {
    const who = read(
      'Genetic interactions in common disease',
      'Methods to identify complex interactions in common disease.',
      'Molly A. Hall, Ph.D. graduate student in biochemistry, Penn State.',
    );
    expect(who.country).toBe('US');
    expect(who.kind).toBe('student');
  });
});
