import type { SectionNeed } from '@grantleaf/shared/program-sections.schema';
import { partnerAmount, statementsOf } from '../read/index.ts';
import type { Material } from './material.ts';

const has = (re: RegExp) => (m: Material) => re.test(m.all);

/** Whether the applicant's material already says what a question would ask. */
export const NEEDS: Record<SectionNeed, (m: Material) => boolean> = {
  priorArt: has(
    /existing (?:approach|method|solution|tool)|current (?:approach|method|practice|solution)|state of the art|unlike|compared (?:to|with)|falls? short|outperform/i,
  ),
  validation: has(/validat|benchmark|ground truth|success criteri|tested against|accuracy of|field trial/i),
  risks: has(/\brisks?\b|fallback|contingenc|mitigat/i),
  goNoGo: has(/go\/no-go|go-no-go|no-go|decision point|success criteri/i),
  preliminaryData: (m) => statementsOf(m.facts, 'pilot').length > 0,
  partnerContribution: (m) =>
    partnerAmount(m.facts, 'partner_cash') !== null || partnerAmount(m.facts, 'partner_in_kind') !== null,
  partnerSize: has(
    /\d+\s*(?:employees|staff|FTE)|\bSME\b|small (?:or|and) medium|large (?:company|firm|organi[sz]ation)/i,
  ),
  trainees: (m) => statementsOf(m.facts, 'training').length > 0,
  edi: has(/equity|diversity|inclusi|\bEDI\b|underrepresented/i),
  market: has(/market (?:size|of|worth|valued)|addressable market|\bTAM\b/i),
  customers: has(/customer|client|buyer|adopter|end[- ]users?|letter of (?:intent|support)/i),
  ip: has(/patent|licen[cs]|intellectual property|\bIP\b/),
  dissemination: (m) =>
    statementsOf(m.facts, 'km').length > 0 || /publish|journal|open[- ]source|open data/i.test(m.all),
  dataPlan: has(/data (?:management|sharing)|repository|\bFAIR\b/i),
  budgetBreakdown: has(/salar|equipment|materials|travel|supplies|stipend/i),
  otherSupport: has(/other (?:support|funding|grants?)|current and pending|funded by/i),
  progress: (m) =>
    statementsOf(m.facts, 'pilot').length > 0 ||
    m.facts.people.some((p) => p.record.length > 0) ||
    /prototype|previous (?:grant|award)/i.test(m.form.teamProfiles),
  facilities: has(/facilit|laborator|\blab\b|equipment|cluster|instrument/i),
  beneficiaries: has(/benefit|patients|communit|farmers|\busers\b|Canadians|clinicians|operators/i),
  eligibleCosts: has(/eligible cost|contractor|salar/i),
};
