import type { SectionTable } from '@grantleaf/shared/grant-results.schema';
import type { SectionTopic } from '@grantleaf/shared/program-sections.schema';
import { type ObjectiveFact, partnerAmount, statementsOf, totalCost } from '../read/index.ts';
import { MONEY_RULES } from '../check/cost-rules.ts';
import { ruleChecks, TRAINEE } from '../check/program-rules.ts';
import { programShape } from '../profile/sections.ts';
import { requiresPartner } from '../profile/catalogue.ts';
import { formatMoney } from '../text/money.ts';
import { ensurePeriod } from '../text/review-text.ts';
import { type Material, pilotText, sentenceKey, take, type Written } from './material.ts';
import { bestMilestoneFor } from './milestones.ts';

/**
 * The topic writers: each takes, from the applicant's material, the sentences that answer its
 * topic (objectives, methods, partner, budget…) and asks for what the material does not say.
 */

const NOVELTY = /current|existing|unlike|novel|first|state of the art|today|limitation|gap|instead|new\b/i;
const METHOD =
  /\bwill\b|\busing\b|\bmodel|\bmeasur|\btest|\bvalidat|\bdevelop|\bbuild|\bestimat|\banaly|\bsurvey|\binterview|\btrial|\bexperiment/i;
const IMPACT = /impact|benefit|outcome|save|reduce|improv|patients|communit|econom|jobs|emission|users/i;
const COMMERCIAL = /market|customer|commerciali|licen[cs]|revenue|product|sales|adopt/i;

export const WRITERS: Record<SectionTopic, (m: Material) => Written> = {
  summary: (m) => {
    const opening = take(m, m.form.projectOverview).slice(0, 2);
    const span =
      m.workPlan.startDate && m.workPlan.endDate
        ? ` from ${m.workPlan.startDate} to ${m.workPlan.endDate}`
        : '';
    const total =
      m.budget.statedTotal !== null
        ? formatMoney(m.budget.statedTotal, m.currency)
        : m.form.totalBudget.trim();
    const cost = totalCost(m.facts);
    const ofCost =
      cost && m.budget.statedTotal !== null && Math.abs(cost.value - m.budget.statedTotal) > 1
        ? ` of a total project cost of ${formatMoney(cost.value, m.currency)}`
        : '';
    return {
      text: [
        `${ensurePeriod(m.form.projectTitle.trim())} ${opening.join(' ')}`.trim(),
        `The project is led by ${m.form.teamLeadName.trim()}, ${m.form.teamLeadRole.trim()}${m.partner ? `, with ${m.partner}` : ''}, and requests ${total}${ofCost}${span}.`,
      ].join(' '),
    };
  },
  // Pilot and preliminary results first, wherever the applicant wrote them; then the team's record.
  progress: (m) => ({
    text: [
      ...take(m, pilotText(m)),
      ...take(
        m,
        m.form.teamProfiles,
        /publish|publication|developed|prior|previous|award|grant|patent|prototype/i,
      ),
    ].join(' '),
  }),
  objectives: (m) => {
    if (m.objectives.length === 0) {
      return { text: '', questions: ['What are the objectives, each with a measurable target?'] };
    }
    // The applicant's own markers and numbers ("3.", "Aim 2:"); only unmarked items are numbered.
    const name = (o: ObjectiveFact, i: number) => `${o.label ?? 'Objective'} ${o.number ?? i + 1}`;
    const list = m.objectives.map((o, i) => `${o.marker ?? `${i + 1}.`} ${ensurePeriod(o.text)}`);
    m.objectives.forEach((o) => m.used.add(sentenceKey(o.text)));
    const linked = m.objectives
      .map((o, i) => {
        const row = bestMilestoneFor(o.text, m.workPlan);
        return row
          ? `${name(o, i)} is delivered through "${row.milestone}"${row.endDate ? ` (due ${row.endDate})` : ''}.`
          : '';
      })
      .filter(Boolean)
      .join(' ');
    // "objective 1, 2" when the applicant gave no labels; "Aim 2, Aim 3" with theirs.
    const open = m.objectives
      .map((o, i) => (/\d/.test(o.text) ? null : o.label ? name(o, i) : (o.number ?? String(i + 1))))
      .filter((n) => n !== null);
    const unmeasured = m.objectives.some((o) => o.label) ? open.join(', ') : `objective ${open.join(', ')}`;
    // Methods that produce findings rather than figures: their objectives are not asked for a number.
    const qualitative = statementsOf(m.facts, 'qualitative').length > 0;
    return {
      text: [list.join('\n'), linked].filter(Boolean).join('\n'),
      questions: open.length
        ? [
            qualitative
              ? `What will ${unmeasured} produce (a finding, a framework, a publication), and when?`
              : `What measurable target (a number, a percentage or a date) does ${unmeasured} have?`,
          ]
        : [],
    };
  },
  novelty: (m) => ({ text: take(m, m.form.projectOverview, NOVELTY).join(' ') }),
  methods: (m) => {
    const said = take(m, m.form.projectOverview, METHOD);
    const steps = m.workPlan.rows
      .filter((r) => r.description)
      .map((r, i) => `Step ${i + 1}, ${r.milestone}: ${ensurePeriod(r.description)}`);
    return {
      text: [
        said.join(' '),
        steps.length ? `The work proceeds in ${steps.length} steps. ${steps.join(' ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      questions:
        said.length === 0 && steps.length === 0 ? ['What methods will the work use, step by step?'] : [],
    };
  },
  workplan: (m) => {
    if (m.workPlan.rows.length === 0) {
      return {
        text: take(m, m.form.projectTimeline ?? '').join(' '),
        questions: ['What are the dated milestones, each with its deliverable and budget?'],
      };
    }
    const span =
      m.workPlan.totalDurationDays !== null
        ? `The plan runs ${m.workPlan.totalDurationDays} days, from ${m.workPlan.startDate} to ${m.workPlan.endDate}, in ${m.workPlan.rows.length} milestone${m.workPlan.rows.length === 1 ? '' : 's'}.`
        : '';
    return {
      text: [span, take(m, m.form.projectTimeline ?? '').join(' ')].filter(Boolean).join(' '),
      table: milestoneTable(m),
    };
  },
  training: (m) => ({
    text: take(m, `${m.form.teamProfiles}\n${m.form.projectOverview}`, TRAINEE).join(' '),
  }),
  team: (m) => ({
    text: `${m.form.teamLeadName.trim()}, ${m.form.teamLeadRole.trim()}, leads the project. ${take(m, m.form.teamProfiles).join(' ')}`.trim(),
  }),
  partner: (m) => {
    const cash = partnerAmount(m.facts, 'partner_cash');
    const inKind = partnerAmount(m.facts, 'partner_in_kind');
    const gives = [
      cash !== null ? `${formatMoney(cash, m.currency)} in cash` : '',
      inKind !== null ? `${formatMoney(inKind, m.currency)} in kind` : '',
    ].filter(Boolean);
    if (!m.partner && gives.length === 0) {
      return requiresPartner(m.program)
        ? {
            text: '',
            questions: [
              'Which partner organization takes part, what is its role, and what does it contribute?',
            ],
          }
        : { text: '' };
    }
    const said = take(m, m.form.industryPartner ?? '');
    return {
      text: [
        m.partner ? `Partner organization: ${ensurePeriod(m.partner)}` : '',
        said.filter((x) => sentenceKey(x) !== sentenceKey(m.partner ?? '')).join(' '),
        gives.length ? `The partner contributes ${gives.join(' and ')} to the project.` : '',
      ]
        .filter(Boolean)
        .join(' '),
      questions: m.partner ? [] : ['Which organization is the partner, and what is its role?'],
    };
  },
  commercialisation: (m) => ({ text: take(m, m.form.projectOverview, COMMERCIAL).join(' ') }),
  impact: (m) => ({ text: take(m, m.form.projectOverview, IMPACT).join(' ') }),
  dissemination: (m) => ({
    text: take(
      m,
      m.form.projectOverview,
      /publish|journal|conference|open[- ]source|open data|workshop|share/i,
    ).join(' '),
  }),
  budget: (m) => writeBudget(m),
  otherSupport: (m) => ({
    text: take(m, m.form.teamProfiles, /funded by|grant|support from|award/i).join(' '),
  }),
  risk: (m) => ({
    text: take(m, m.form.projectOverview, /risk|fallback|contingen|alternative|mitigat/i).join(' '),
  }),
  data: (m) => ({ text: take(m, m.form.projectOverview, /\bdata\b|dataset|repository/i).join(' ') }),
  edi: (m) => ({
    text: take(m, m.all, /equity|diversity|inclusi|\bEDI\b|underrepresented|Indigenous/i).join(' '),
  }),
};

function milestoneTable(m: Material): SectionTable {
  return {
    caption: 'Work plan: milestones',
    columns: ['Milestone', 'Start', 'End', 'Days', `Budget (${m.currency})`, 'Deliverables'],
    rows: m.workPlan.rows.map((r) => [
      r.milestone,
      r.startDate ?? '—',
      r.endDate ?? '—',
      r.durationDays === null ? '—' : String(r.durationDays),
      r.budget !== null ? formatMoney(r.budget, m.currency) : r.budgetText || '—',
      r.deliverables || '—',
    ]),
  };
}

function writeBudget(m: Material): Written {
  const total = m.budget.statedTotal;
  const lines: string[] = [];
  const questions: string[] = [];
  if (total !== null) lines.push(`The total request is ${formatMoney(total, m.currency)}.`);
  else questions.push(`What is the total amount requested, in ${m.currency}?`);
  // A saved budget computed the request by the program's cost rules: say how (ADR 0453).
  if (m.form.budget && total !== null) lines.push(ensurePeriod(m.form.budget.basis.trim()));
  const cost = totalCost(m.facts);
  if (cost && total !== null && Math.abs(cost.value - total) > 1)
    lines.push(`The total project cost is ${formatMoney(cost.value, m.currency)}.`);
  lines.push(m.budget.message);
  // The money rules belong in the budget; the others are listed with the checks.
  for (const rule of ruleChecks(
    m.program,
    m.form,
    programShape(m.program).entry,
    m.budget,
    m.workPlan,
    m.facts,
  )) {
    if (MONEY_RULES.has(rule.rule)) lines.push(rule.message);
  }
  return { text: [...new Set(lines)].join('\n'), questions };
}
