import { describe, expect, it } from 'vitest';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { costRulesFor } from '../../modules/programs/cost-rules.ts';
import {
  maskEngineText,
  partnerAmount,
  readForm,
  readText,
  requestedAmount,
  statementsOf,
  totalCost,
} from './index.ts';

const roles = (text: string, fallback: 'other' | 'total_cost' = 'other') =>
  readText([{ id: 's', text }])
    .amounts.map((a) => [a.value, a.role])
    .concat(fallback === 'other' ? [] : []);

describe('amounts keep the role the applicant gave them (issue 24 §1)', () => {
  it('D1: partner cash and partner in-kind each have their own role', () => {
    expect(roles('partner cash contribution $150,000; partner in-kind $60,000')).toEqual([
      [150000, 'partner_cash'],
      [60000, 'partner_in_kind'],
    ]);
    expect(roles('Acme contributes $150,000 cash and $60,000 in kind.')).toEqual([
      [150000, 'partner_cash'],
      [60000, 'partner_in_kind'],
    ]);
  });

  it('D2: the IRAP contribution requested is the request, the total cost is not', () => {
    const facts = readForm({
      ...FORM_STRONG,
      totalBudget: 'Total cost $420,000; IRAP contribution requested $252,000',
    });
    expect(requestedAmount(facts)?.value).toBe(252000);
    expect(totalCost(facts)?.value).toBe(420000);
  });

  it('a budget field with one amount is the request, yearly figures after whole ones', () => {
    expect(requestedAmount(readForm(FORM_STRONG))?.value).toBe(420000);
    expect(
      requestedAmount(readForm({ ...FORM_STRONG, totalBudget: '$300,000 over 3 years ($100k/yr)' }))?.value,
    ).toBe(300000);
    expect(requestedAmount(readForm({ ...FORM_STRONG, totalBudget: '300000' }))?.value).toBe(300000);
  });

  it('reads French amounts and roles', () => {
    expect(
      roles(
        'Coût total du projet : 1 234 567,50 $; montant demandé : 300 000 $; contribution en nature : 45 000 $',
      ),
    ).toEqual([
      [1234567.5, 'total_cost'],
      [300000, 'requested'],
      [45000, 'partner_in_kind'],
    ]);
  });

  it('the partner field’s amounts are the partner’s, and it names the partner', () => {
    const facts = readForm({
      ...FORM_STRONG,
      industryPartner: 'Nordair Systems Inc. (120 employees): $150,000 cash; $60,000 in-kind',
    });
    expect(partnerAmount(facts, 'partner_cash')).toBe(150000);
    expect(partnerAmount(facts, 'partner_in_kind')).toBe(60000);
    expect(facts.organisations[0]).toMatchObject({ name: 'Nordair Systems Inc.', role: 'partner' });
  });
});

describe('the partner field: the name stops before the verb or the amount, amounts stay whole', () => {
  const partner = (industryPartner: string) => {
    const facts = readForm({ ...FORM_STRONG, industryPartner });
    return {
      name: facts.organisations[0]?.name,
      cash: partnerAmount(facts, 'partner_cash'),
      inKind: partnerAmount(facts, 'partner_in_kind'),
    };
  };

  it('"Hydro Giant Inc. will contribute $50,000 …" names Hydro Giant Inc., not "… $50"', () => {
    expect(partner('Hydro Giant Inc. will contribute $50,000 cash and $20,000 in kind.')).toEqual({
      name: 'Hydro Giant Inc.',
      cash: 50000,
      inKind: 20000,
    });
  });

  it('a comma after the name separates it; the one inside an amount does not', () => {
    expect(partner('Hydro Giant Inc., 50,000 dollars cash')).toEqual({
      name: 'Hydro Giant Inc.',
      cash: 50000,
      inKind: null,
    });
  });

  it('French: "1 234,56 $" stays one amount and the verb ends the name', () => {
    expect(partner('Hydro Géant inc. versera 1 234,56 $ en nature')).toEqual({
      name: 'Hydro Géant inc.',
      cash: null,
      inKind: 1234.56,
    });
    expect(partner("Société d'Énergie du Nord versera 250 000 $ en espèces").name).toBe(
      "Société d'Énergie du Nord",
    );
  });

  it('"CAD 50,000" and "$1.2M" are not part of the name', () => {
    expect(partner('Nordair Systems Inc. CAD 50,000 cash')).toEqual({
      name: 'Nordair Systems Inc.',
      cash: 50000,
      inKind: null,
    });
    expect(partner('University of Waterloo Robotics Lab $1.2M in kind')).toEqual({
      name: 'University of Waterloo Robotics Lab',
      cash: null,
      inKind: 1200000,
    });
  });
});

describe('the engine’s own words are never the applicant’s facts', () => {
  it('the cost-share rule sentence’s "2:1", "66.7%" and "2023" are not amounts', () => {
    const note =
      costRulesFor('ca-nserc-alliance-advantage')?.rules.find((r) => r.kind === 'cost_share')?.says ?? '';
    expect(note).toContain('2:1');
    const facts = readText([
      { id: 'budget', text: `Total request: $300,000.\n${note}\n[To complete: $5,000 of travel?]` },
    ]);
    expect(facts.amounts.map((a) => a.value)).toEqual([300000]);
    expect(maskEngineText(note).trim()).toBe('');
  });

  it('questions and "[To complete: …]" notes are masked, the rest keeps its offsets', () => {
    const text =
      'What pilot results exist? Our pilot reached AUROC 0.84 in 40 patients. [To complete: budget]';
    const masked = maskEngineText(text);
    expect(masked).toHaveLength(text.length);
    expect(masked.trim()).toBe('Our pilot reached AUROC 0.84 in 40 patients.');
  });
});

describe('people, organisations, objectives, statements', () => {
  it('"Team: PI has 45 publications…" gives two people with their record', () => {
    const facts = readText([
      {
        id: 'x',
        text: 'Team: PI has 45 publications in solid-state ionics; co-PI led two industry partnerships.',
      },
    ]);
    expect(facts.people.map((p) => [p.role, p.record.length])).toEqual([
      ['PI', 1],
      ['co-PI', 1],
    ]);
  });

  it('objectives keep the applicant’s numbering and a standard in parentheses', () => {
    const facts = readForm({
      ...FORM_STRONG,
      keyObjectives:
        '2. Build the sensor. 3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.',
    });
    expect(facts.objectives.map((o) => [o.number, o.text])).toEqual([
      ['2', 'Build the sensor.'],
      ['3', 'Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.'],
    ]);
  });

  it('in written text, only a list the applicant labelled as aims or objectives states objectives', () => {
    const objectives = (text: string) =>
      readText([{ id: 's', text }]).objectives.map((o) => [o.label, o.number, o.text]);
    expect(
      objectives(
        'Specific Aims. Sepsis kills many. Aim 1: validate a 12-gene signature (AUROC ≥ 0.85). Aim 2: test it in 400 patients. Aim 3: estimate its cost.',
      ),
    ).toEqual([
      ['Aim', '1', 'validate a 12-gene signature (AUROC ≥ 0.85).'],
      ['Aim', '2', 'test it in 400 patients.'],
      ['Aim', '3', 'estimate its cost.'],
    ]);
    expect(
      objectives('Objectif 1 : cartographier 24 sites. Objectif 2 : séquencer 480 carottes.'),
    ).toHaveLength(2);
    // Steps, tasks and a bare "1." in running prose number something else.
    expect(objectives('Task 1: clean the data. Task 2: train the model.')).toEqual([]);
    expect(objectives('We did this in 2019. 2. The results were clear.')).toEqual([]);
  });

  it('pilot results, training and record are found where the applicant wrote them', () => {
    const facts = readForm({
      ...FORM_STRONG,
      projectOverview: 'In a 40-patient pilot the model reached an AUROC of 0.84. We will run a trial.',
    });
    expect(statementsOf(facts, 'pilot').map((s) => s.source.field)).toEqual(['projectOverview']);
    expect(statementsOf(facts, 'training').length).toBeGreaterThan(0);
    expect(facts.people.some((p) => p.record.some((r) => r.includes('48 peer-reviewed publications')))).toBe(
      true,
    );
    expect(facts.milestones.map((m) => m.amount?.value)).toEqual([120000, 100000, 200000]);
  });

  it('a pilot line, plant or scale is equipment, not a pilot result (issue 24)', () => {
    const pilots = (text: string) => statementsOf(readText([{ id: 's', text }]), 'pilot').map((s) => s.text);
    expect(pilots('We will commission a pilot line in Sarnia and certify it to ISO 9001.')).toEqual([]);
    expect(pilots('The pilot plant produces 40 kg of resin a day.')).toEqual([]);
    expect(pilots('Pilot-scale runs start in month 6; the pilot scale reactor holds 200 L.')).toEqual([]);
    expect(pilots("L'usine pilote de Bécancour produira 2 tonnes par mois.")).toEqual([]);
    // A pilot study is still one, even in a sentence that also names a pilot plant.
    expect(pilots('Our pilot in 120 patients gave an AUROC of 0.83.')).toHaveLength(1);
    expect(pilots('A pilot at the pilot plant cut energy use by 12%.')).toHaveLength(1);
  });
});
