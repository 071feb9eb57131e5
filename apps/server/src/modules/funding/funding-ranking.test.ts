import { nextDeadline } from '@grantleaf/shared/deadline';
import { describe, expect, it } from 'vitest';
import { readSeedPrograms } from '../programs/program-seed.ts';
import { rankPrograms, toFundingResults, type FundingQuery, type RankableProgram } from './funding-ranking.ts';

// Fixed, so the catalogue's deadlines do not move under the test.
export const TODAY = new Date(2026, 10, 22);

export const catalogue: RankableProgram[] = readSeedPrograms().map((row) => {
  const dates = [...(row.nextDeadlines ?? []), ...(row.projectedDeadlines ?? [])].sort();
  const deadline = nextDeadline(dates, TODAY) ?? dates.at(-1) ?? null;
  return {
    id: row.id,
    name: row.name,
    agency: row.agency,
    jurisdiction: row.jurisdiction,
    country: row.country,
    region: row.region,
    programType: row.programType,
    currency: row.currency,
    fundingMin: row.fundingMin ?? null,
    fundingMax: row.fundingMax ?? null,
    fundingPeriod: row.fundingPeriod ?? null,
    deadline,
    deadlinePattern: row.deadlinePattern ?? null,
    eligibility: row.eligibility ?? null,
    description: row.description ?? null,
    notes: row.notes ?? null,
    url: row.url ?? null,
    closed: /^archived|closed/i.test(row.status ?? '') || (dates.length > 0 && !nextDeadline(dates, TODAY)),
  };
});

interface Profile extends FundingQuery {
  label: string;
  expected: string[];
}

export const PROFILES: Profile[] = [
  {
    label: 'Canadian university lab doing health research',
    researchTopic: 'Early detection of type 2 diabetes complications with retinal imaging',
    researchDetails:
      'Our lab at the University of Toronto runs a prospective cohort of 2,000 patients to validate a retinal imaging biomarker for diabetic kidney disease. We need funding for the clinical study, research staff and data analysis.',
    teamProfile: 'PI is an associate professor of medicine; team includes two postdocs, a biostatistician and clinical collaborators at Sunnybrook hospital.',
    expected: ['ca-cihr-project-grant'],
  },
  {
    label: 'Ontario clean-tech startup',
    researchTopic: 'Low-cost lithium battery recycling process',
    researchDetails:
      'We are a Waterloo, Ontario startup developing a hydrometallurgical process that recovers lithium and cobalt from spent EV batteries with 60% less energy. We are scaling our pilot plant and hiring chemists; our R&D spending is about $800k this year.',
    teamProfile: 'Founded in 2023, incorporated in Canada, 12 employees including 6 engineers. CEO is a chemical engineer; CTO was a battery researcher.',
    expected: ['ca-nrc-irap', 'ca-sred-federal-itc', 'ca-on-innovation-tax-credit'],
  },
  {
    label: 'US small business on a defence sensor',
    researchTopic: 'Uncooled infrared sensor for drone detection',
    researchDetails:
      'We are developing a low-SWaP uncooled infrared sensor array and tracking software to detect small drones for Army and Air Force base protection. We have a working lab prototype and want to mature it with a military customer.',
    teamProfile: 'Dayton, Ohio small business with 25 employees, US-owned; PI is our chief scientist, a former Air Force Research Laboratory engineer.',
    expected: ['us-dod-sbir-sttr'],
  },
  {
    label: 'Canadian social scientist',
    researchTopic: 'Indigenous language revitalization through community radio',
    researchDetails:
      'A three-year qualitative study with First Nations communities in Quebec examining how community radio programs support language transmission between elders and youth, using participatory methods and oral history.',
    teamProfile: 'Professor of anthropology at McGill University with a co-investigator in linguistics and two graduate students.',
    expected: ['ca-sshrc-insight-grants', 'ca-sshrc-insight-development-grants', 'ca-sshrc-partnership-engage-grants'],
  },
  {
    label: 'US early-career physicist',
    researchTopic: 'Topological quantum materials for low-power electronics',
    researchDetails:
      'I will grow and characterize thin films of topological insulators and integrate them in spintronic devices, and build an outreach program for undergraduates from rural high schools.',
    teamProfile: 'Untenured assistant professor of physics at the University of Michigan, appointed in 2024, first independent lab; United States.',
    expected: ['us-nsf-career'],
  },
  {
    // NASA's only published date (2026-05-21) has passed, so the open SBIR/STTR programs must carry it.
    label: 'US space startup, while the NASA solicitation is closed',
    researchTopic: 'Green monopropellant thruster for small satellites',
    researchDetails:
      'We design a non-toxic propulsion module for CubeSats and small satellites to extend orbital life and enable lunar missions. Seeking funding to test the thruster in a vacuum chamber.',
    teamProfile: 'Colorado-based small business, 9 employees, founded by two aerospace engineers; U.S. owned.',
    expected: ['us-nsf-sbir-sttr-phase-1', 'us-dod-sbir-sttr'],
  },
  {
    label: 'US biotech small business',
    researchTopic: 'Rapid point-of-care diagnostic test for sepsis',
    researchDetails:
      'A microfluidic assay that measures host-response biomarkers from a drop of blood in 20 minutes, to help emergency clinicians treat sepsis patients earlier. We need to run feasibility studies with a hospital partner.',
    teamProfile: 'Boston, Massachusetts startup with 8 employees; founders are a biomedical engineer and an emergency physician. US company.',
    expected: ['us-nih-sbir-sttr-phase-1'],
  },
  {
    label: 'Canadian engineering professor with an industry partner',
    researchTopic: 'Machine learning for predictive maintenance of mining equipment',
    researchDetails:
      'Together with an industry partner company that operates haul trucks, we will develop sensor analytics and machine learning models that predict component failures. The partner will contribute cash and data.',
    teamProfile: 'Professor of mechanical engineering at the University of British Columbia (Vancouver) with an NSERC Discovery grant, three PhD students.',
    expected: ['ca-nserc-alliance-advantage', 'ca-bc-innovate-bc-ignite'],
  },
  {
    label: 'US agriculture small business',
    researchTopic: 'In-field soil nitrate sensors for precision fertilizer use',
    researchDetails: 'Low-cost soil sensors and a mobile app that help small and mid-size farms cut fertilizer use and nitrate runoff into water.',
    teamProfile: 'Iowa agtech small business with 6 employees, US citizens, founded by an agronomist.',
    expected: ['us-usda-nifa-sbir'],
  },
  {
    label: 'Canadian cancer researcher',
    researchTopic: 'Immunotherapy resistance in metastatic breast cancer',
    researchDetails: 'We study why tumours stop responding to immune checkpoint inhibitors, using patient-derived organoids and engaging patient partners in the design.',
    teamProfile: 'Independent investigator with an academic appointment at Dalhousie University in Halifax, Nova Scotia; oncology lab of 6.',
    expected: ['ca-ccs-challenge-grants', 'ca-cihr-project-grant', 'ca-ccs-breakthrough-team-grants'],
  },
  {
    label: 'Quebec software company doing R&D',
    researchTopic: 'Speech recognition for low-resource French dialects',
    researchDetails: 'Our Montreal company performs R&D on new acoustic models and wants to recover part of its R&D expenditures through tax credits.',
    teamProfile: 'Canadian-controlled private corporation in Quebec with 40 employees, 15 of them in research.',
    expected: ['ca-qc-cric', 'ca-sred-federal-itc'],
  },
  {
    label: 'Ontario college researcher with a local manufacturer',
    researchTopic: 'Automated visual inspection of machined aluminum parts',
    researchDetails:
      'Applied research with an Ontario manufacturer (40 employees in Hamilton) to build a camera-based defect detection cell for its production line. The company will match the funding in cash.',
    teamProfile: 'Faculty member at Mohawk College, a publicly funded Ontario college, with two student researchers and an industry partner.',
    expected: ['ca-on-oci-vip'],
  },
];

describe('built-in funding ranking', () => {
  it.each(PROFILES)('$label → expected program in the top 5', (profile) => {
    const ranked = rankPrograms(profile, catalogue, TODAY);
    const top5 = ranked.slice(0, 5).map((r) => r.program.id);
    expect(top5.some((id) => profile.expected.includes(id)), `top 5 was ${top5.join(', ')}`).toBe(true);
  });

  it('has at least 8 profiles', () => {
    expect(PROFILES.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps foreign and provincial programs out of the way', () => {
    const ranked = rankPrograms(PROFILES[0]!, catalogue, TODAY).slice(0, 5);
    expect(ranked.map((r) => r.program.id).filter((id) => !id.startsWith('ca-'))).toEqual([]);
    const us = rankPrograms(PROFILES[2]!, catalogue, TODAY).slice(0, 3);
    expect(us.every((r) => r.program.country === 'US')).toBe(true);
  });

  it('leaves out programs whose deadline has passed', () => {
    const ranked = rankPrograms(PROFILES[4]!, catalogue, TODAY);
    expect(ranked.some((r) => r.program.id === 'ca-nserc-alliance-missions')).toBe(false);
    const past = { ...catalogue.find((p) => p.id === 'us-nsf-career')!, deadline: '2026-07-22' };
    const again = rankPrograms(PROFILES[4]!, [...catalogue.filter((p) => p.id !== 'us-nsf-career'), past], TODAY);
    expect(again.some((r) => r.program.id === 'us-nsf-career')).toBe(false);
  });

  it('explains every recommendation in plain words', () => {
    const results = toFundingResults(rankPrograms(PROFILES[0]!, catalogue, TODAY));
    expect(results.funding_programs.length).toBe(10);
    expect(results.recommendations.length).toBe(5);
    const cihr = results.recommendations.find((r) => r.program_id === 'ca-cihr-project-grant')!;
    expect(cihr.why_it_matched).toMatch(/health research/);
    expect(cihr.why_it_matched).toMatch(/Canadian applicants/);
    for (const r of results.recommendations) {
      expect(r.why_it_matched.length).toBeGreaterThan(40);
      expect(r).toMatchObject({ name: expect.any(String), agency: expect.any(String), description: expect.any(String), eligibility: expect.any(String), funding_range: expect.any(String), deadline: expect.any(String) });
    }
  });
});
