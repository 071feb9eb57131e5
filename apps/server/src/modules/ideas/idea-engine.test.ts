import { ideaResultsSchema } from '@grantleaf/shared/ideas.schema';
import { describe, expect, it } from 'vitest';
import {
  ESTIMATE,
  extractDomainTerms,
  generateOfflineIdea,
  markModelFigures,
  matchSector,
  researcherCountry,
} from './idea-engine.ts';

const WATERLOO = {
  researchBackground:
    'Dr. Maria Kowalczyk (maria.kowalczyk@uwaterloo.ca), Department of Chemical Engineering, University of Waterloo. Kowalczyk has 12 years of work on electrochemical sensors for PFAS in drinking water. The Kowalczyk lab built a boron-doped diamond electrode that detects PFOA at 10 ng/L.',
  researchInterests:
    'Low-cost electrochemical PFAS sensors for municipal drinking-water utilities in Ontario',
};
const STANFORD = {
  researchBackground:
    'I am James Whitfield, a professor at Stanford in California. My group develops deep learning models for retinal imaging and diabetic retinopathy screening in primary care clinics across the United States.',
  researchInterests: 'Automated diabetic retinopathy screening in primary care',
};
const PROFILES = [
  WATERLOO,
  STANFORD,
  { researchBackground: '', researchInterests: 'soil microbial carbon storage in prairie crop rotations' },
];

const digits = (text: string) => new Set(text.match(/\d+/g) ?? []);

describe('offline ideas without invention', () => {
  it('never turns a person, an e-mail or an affiliation into a domain term', () => {
    const terms = extractDomainTerms(`${WATERLOO.researchInterests}\n${WATERLOO.researchBackground}`, 8).join(
      ' ',
    );
    for (const word of ['kowalczyk', 'maria', 'waterloo', 'uwaterloo', 'university', 'department']) {
      expect(terms).not.toContain(word);
    }
    expect(terms).toContain('electrochemical');
    const idea = generateOfflineIdea(STANFORD);
    expect(`${idea.research_topic.name} ${idea.research_topic.tagline}`).not.toMatch(
      /Whitfield|James|Stanford/i,
    );
  });

  it('contains no figure the researcher did not give', () => {
    for (const profile of PROFILES) {
      const idea = generateOfflineIdea(profile);
      ideaResultsSchema.parse(idea);
      const given = digits(`${profile.researchBackground} ${profile.researchInterests}`);
      // Regulation and program names (FDA 510(k), ISO 13485) are names, not figures.
      const { regulatory_pathway: _names, funding_sources: _programs, ...path } = idea.commercialization_path;
      // NAICS codes are where to look, not figures.
      const written = JSON.stringify({ ...idea, commercialization_path: path }).replace(
        /NAICS \d+/g,
        'NAICS',
      );
      for (const n of digits(written)) expect(given, `${n} in ${written}`).toContain(n);
      expect(written).not.toMatch(/\$\s?\d|\d\s?(?:%|[KMB]\b|billion|million)/);
    }
  });

  it('says where to size the market instead of giving a size: Statistics Canada or the US Census, with NAICS codes', () => {
    const ca = generateOfflineIdea(WATERLOO);
    expect(ca.market_analysis.total_addressable_market).toMatch(
      /^Not estimated here\. Size the market from Statistics Canada.*NAICS 2213, Water, sewage and other systems/,
    );
    expect(ca.target_customer.budget_range).toMatch(/^Not estimated here\./);
    const us = generateOfflineIdea(STANFORD);
    expect(us.market_analysis.total_addressable_market).toMatch(/US Census Bureau.*NAICS 6215/);
  });

  it("matches the researcher's sector and names funders of the researcher's country", () => {
    expect(matchSector(WATERLOO.researchBackground, undefined, WATERLOO.researchInterests).sector.id).toBe(
      'environment-water',
    );
    expect(researcherCountry(`${WATERLOO.researchBackground} ${WATERLOO.researchInterests}`)).toBe('CA');
    expect(researcherCountry(`${STANFORD.researchBackground}`)).toBe('US');
    const ca = generateOfflineIdea(WATERLOO).commercialization_path.funding_sources.join('; ');
    expect(ca).not.toMatch(/SBIR|NIH|NSF|EPA/);
    expect(ca).toContain('NSERC Alliance');
    const us = generateOfflineIdea({
      ...STANFORD,
    }).commercialization_path.funding_sources.join('; ');
    expect(us).toMatch(/NIH SBIR\/STTR/);
    expect(us).not.toMatch(/NSERC|CIHR|Mitacs|IRAP/);
  });

  it("builds the title from the researcher's own phrase, not a keyword pair", () => {
    expect(generateOfflineIdea(WATERLOO).research_topic.name).toBe('Low-Cost Electrochemical PFAS Sensors');
    const idea = generateOfflineIdea({
      researchBackground: '',
      researchInterests: 'soil microbial carbon storage in prairie crop rotations',
    });
    expect(idea.research_topic.name).toBe('Soil Microbial Carbon Storage');
    expect(idea.research_topic.name).not.toMatch(/ for .* for |Commercialization Platform/);
  });

  it("marks a model's figures the researcher did not give as estimates to verify", () => {
    const model = {
      market_analysis: {
        total_addressable_market: '$400B global advanced materials market',
        adoption_timeline: 'After field trials',
      },
      context: ['Detects PFOA at 10 ng/L', 'Serves 3,000 utilities'],
    };
    const marked = markModelFigures(model, WATERLOO.researchBackground);
    expect(marked.market_analysis.total_addressable_market).toBe(
      `$400B global advanced materials market ${ESTIMATE}`,
    );
    expect(marked.market_analysis.adoption_timeline).toBe('After field trials');
    expect(marked.context).toEqual(['Detects PFOA at 10 ng/L', `Serves 3,000 utilities ${ESTIMATE}`]);
  });
});
