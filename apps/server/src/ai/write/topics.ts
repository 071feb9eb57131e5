import type { SectionTable } from '@grantleaf/shared/grant-results.schema';
import type { SectionTopic } from '@grantleaf/shared/program-sections.schema';
import { type ObjectiveFact, partnerAmount, statementsOf, totalCost } from '../read/index.ts';
import { MONEY_RULES } from '../check/cost-rules.ts';
import { ruleChecks, TRAINEE } from '../check/program-rules.ts';
import { programShape } from '../profile/sections.ts';
import { requiresPartner } from '../profile/catalogue.ts';
import { formatDayIn } from '../text/days.ts';
import { formatMoneyIn } from '../text/money.ts';
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

/** An amount and a day as the draft's language writes them (the language layer's formatters). */
const money = (m: Material, value: number) => formatMoneyIn(value, m.currency, m.language);
const day = (m: Material, value: string) => formatDayIn(value, m.language);

export const WRITERS: Record<SectionTopic, (m: Material) => Written> = {
  summary: (m) => {
    const opening = take(m, m.form.projectOverview).slice(0, 2);
    const { startDate, endDate } = m.workPlan;
    const total = m.budget.statedTotal !== null ? money(m, m.budget.statedTotal) : m.form.totalBudget.trim();
    const cost = totalCost(m.facts);
    return {
      text: [
        `${ensurePeriod(m.form.projectTitle.trim())} ${opening.join(' ')}`.trim(),
        m.t.summaryLead({
          lead: m.form.teamLeadName.trim(),
          role: m.form.teamLeadRole.trim(),
          partner: m.partner,
          total,
          projectCost:
            cost && m.budget.statedTotal !== null && Math.abs(cost.value - m.budget.statedTotal) > 1
              ? money(m, cost.value)
              : null,
          span: startDate && endDate ? { from: day(m, startDate), to: day(m, endDate) } : null,
        }),
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
      return { text: '', questions: [m.t.objectivesAsk] };
    }
    // The applicant's own markers and numbers ("3.", "Aim 2:"); only unmarked items are numbered.
    const name = (o: ObjectiveFact, i: number) => `${o.label ?? m.t.objectiveWord} ${o.number ?? i + 1}`;
    const list = m.objectives.map((o, i) => `${o.marker ?? `${i + 1}.`} ${ensurePeriod(o.text)}`);
    m.objectives.forEach((o) => m.used.add(sentenceKey(o.text)));
    const linked = m.objectives
      .map((o, i) => {
        const row = bestMilestoneFor(o.text, m.workPlan);
        return row
          ? m.t.deliveredThrough(name(o, i), row.milestone, row.endDate ? day(m, row.endDate) : null)
          : '';
      })
      .filter(Boolean)
      .join(' ');
    // "objective 1, 2" when the applicant gave no labels; "Aim 2, Aim 3" with theirs.
    const open = m.objectives
      .map((o, i) => (/\d/.test(o.text) ? null : o.label ? name(o, i) : (o.number ?? String(i + 1))))
      .filter((n) => n !== null);
    const unmeasured = m.objectives.some((o) => o.label) ? open.join(', ') : m.t.unlabelledObjectives(open);
    // Methods that produce findings rather than figures: their objectives are not asked for a number.
    const qualitative = statementsOf(m.facts, 'qualitative').length > 0;
    return {
      text: [list.join('\n'), linked].filter(Boolean).join('\n'),
      questions: open.length ? [qualitative ? m.t.findingAsk(unmeasured) : m.t.targetAsk(unmeasured)] : [],
    };
  },
  novelty: (m) => ({ text: take(m, m.form.projectOverview, NOVELTY).join(' ') }),
  methods: (m) => {
    const said = take(m, m.form.projectOverview, METHOD);
    const steps = m.workPlan.rows
      .filter((r) => r.description)
      .map((r, i) => m.t.step(i + 1, r.milestone, ensurePeriod(r.description)));
    return {
      text: [said.join(' '), steps.length ? `${m.t.stepsLead(steps.length)} ${steps.join(' ')}` : '']
        .filter(Boolean)
        .join('\n'),
      questions: said.length === 0 && steps.length === 0 ? [m.t.methodsAsk] : [],
    };
  },
  workplan: (m) => {
    if (m.workPlan.rows.length === 0) {
      return {
        text: take(m, m.form.projectTimeline ?? '').join(' '),
        questions: [m.t.milestonesAsk],
      };
    }
    const { totalDurationDays: days, startDate, endDate, rows } = m.workPlan;
    const span =
      days !== null && startDate && endDate
        ? m.t.planSpan(days, day(m, startDate), day(m, endDate), rows.length)
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
    text: `${m.t.leads(m.form.teamLeadName.trim(), m.form.teamLeadRole.trim())} ${take(m, m.form.teamProfiles).join(' ')}`.trim(),
  }),
  partner: (m) => {
    const cash = partnerAmount(m.facts, 'partner_cash');
    const inKind = partnerAmount(m.facts, 'partner_in_kind');
    const gives = [
      cash !== null ? m.t.inCash(money(m, cash)) : '',
      inKind !== null ? m.t.inKind(money(m, inKind)) : '',
    ].filter(Boolean);
    if (!m.partner && gives.length === 0) {
      return requiresPartner(m.program)
        ? {
            text: '',
            questions: [m.t.partnerAsk],
          }
        : { text: '' };
    }
    const said = take(m, m.form.industryPartner ?? '');
    return {
      text: [
        m.partner ? m.t.partnerNamed(ensurePeriod(m.partner)) : '',
        said.filter((x) => sentenceKey(x) !== sentenceKey(m.partner ?? '')).join(' '),
        gives.length ? m.t.partnerGives(gives) : '',
      ]
        .filter(Boolean)
        .join(' '),
      questions: m.partner ? [] : [m.t.partnerWhichAsk],
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
    caption: m.t.tableCaption,
    columns: m.t.tableColumns(m.currency),
    rows: m.workPlan.rows.map((r) => [
      r.milestone,
      r.startDate ? day(m, r.startDate) : '—',
      r.endDate ? day(m, r.endDate) : '—',
      r.durationDays === null ? '—' : String(r.durationDays),
      r.budget !== null ? money(m, r.budget) : r.budgetText || '—',
      r.deliverables || '—',
    ]),
  };
}

function writeBudget(m: Material): Written {
  const total = m.budget.statedTotal;
  const lines: string[] = [];
  const questions: string[] = [];
  if (total !== null) lines.push(m.t.totalRequest(money(m, total)));
  else questions.push(m.t.totalAsk(m.currency));
  // A saved budget computed the request by the program's cost rules: say how (ADR 0453).
  if (m.form.budget && total !== null) lines.push(ensurePeriod(m.form.budget.basis.trim()));
  const cost = totalCost(m.facts);
  if (cost && total !== null && Math.abs(cost.value - total) > 1)
    lines.push(m.t.projectCost(money(m, cost.value)));
  // The check speaks the draft's language (check/budget.ts takes it from the form).
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
