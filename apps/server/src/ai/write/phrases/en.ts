import { limitText } from '../../profile/data.ts';
import { ELEMENT_LABELS } from '../../profile/rubric.ts';
import { EN_CHECK } from './en-check.ts';
import type { WriterText } from './index.ts';

/** The offline writer's English (the wording every English test and export has always seen). */

const list = (items: string[]) => items.join(', ');

export const EN: WriterText = {
  ...EN_CHECK,
  tooLong: (limit) =>
    `Your material for this section is longer than its limit of ${limitText(limit)}; which of the points left out should replace one kept?`,
  askSection: (_heading, guidance) =>
    `The funder asks for this: ${guidance} What does your project say to it?`,
  attachment: ({ name, lead, partner, title }) =>
    `Filed with the application rather than written in the narrative: ${name}. Prepare it for ${lead}${partner ? ` and ${partner}` : ''} with the title "${title}" and the same total as this draft.`,
  ask: (_need, dataQuestion) => dataQuestion,

  summaryLead: ({ lead, role, partner, total, projectCost, span }) =>
    `The project is led by ${lead}, ${role}${partner ? `, with ${partner}` : ''}, and requests ${total}${projectCost ? ` of a total project cost of ${projectCost}` : ''}${span ? ` from ${span.from} to ${span.to}` : ''}.`,
  objectivesAsk: 'What are the objectives, each with a measurable target?',
  objectiveWord: 'Objective',
  deliveredThrough: (name, milestone, due) =>
    `${name} is delivered through "${milestone}"${due ? ` (due ${due})` : ''}.`,
  unlabelledObjectives: (numbers) => `objective ${list(numbers)}`,
  findingAsk: (o) => `What will ${o} produce (a finding, a framework, a publication), and when?`,
  targetAsk: (o) => `What measurable target (a number, a percentage or a date) does ${o} have?`,
  step: (n, milestone, description) => `Step ${n}, ${milestone}: ${description}`,
  stepsLead: (n) => `The work proceeds in ${n} steps.`,
  methodsAsk: 'What methods will the work use, step by step?',
  milestonesAsk: 'What are the dated milestones, each with its deliverable and budget?',
  planSpan: (days, from, to, n) =>
    `The plan runs ${days} days, from ${from} to ${to}, in ${n} milestone${n === 1 ? '' : 's'}.`,
  leads: (lead, role) => `${lead}, ${role}, leads the project.`,
  inCash: (amount) => `${amount} in cash`,
  inKind: (amount) => `${amount} in kind`,
  partnerNamed: (partner) => `Partner organization: ${partner}`,
  partnerGives: (parts) => `The partner contributes ${parts.join(' and ')} to the project.`,
  partnerAsk: 'Which partner organization takes part, what is its role, and what does it contribute?',
  partnerWhichAsk: 'Which organization is the partner, and what is its role?',
  tableCaption: 'Work plan: milestones',
  tableColumns: (currency) => ['Milestone', 'Start', 'End', 'Days', `Budget (${currency})`, 'Deliverables'],
  totalRequest: (amount) => `The total request is ${amount}.`,
  totalAsk: (currency) => `What is the total amount requested, in ${currency}?`,
  projectCost: (amount) => `The total project cost is ${amount}.`,

  basis: ({ program, basis, engine }) => {
    const source =
      basis === 'program'
        ? `${program}'s published instructions`
        : basis === 'catalogue'
          ? `the sections ${program} lists`
          : 'a general grant template (no section list is known for this program)';
    return engine === 'offline'
      ? `Drafted from your material and ${source}; no AI model was used.`
      : `Written by an AI model from your material and ${source}, then checked against them.`;
  },
  noPartner: 'No industry partner named; this program requires one.',
  noMilestones: 'No milestones given; reviewers expect a dated work plan.',
  undatedMilestones: (n) => `${n} milestone(s) have no valid start and end dates.`,
  endsBeforeStart: (m, end, start) => `Milestone "${m}" ends (${end}) before it starts (${start}).`,
  planTooLong: (days, months, maxDays) =>
    `The work plan runs ${days} days; the program funds at most ${months} months (about ${maxDays} days).`,
  briefProfiles: 'Team profiles are brief; reviewers look for each member’s experience and record.',
  criterionUnanswered: (c) => `No section answers the criterion "${c}".`,
  sectionQuestion: (heading, question) => `${heading}: ${question}`,
  notesToComplete: (heading, n) =>
    `"${heading}" has ${n} note${n === 1 ? '' : 's'} to complete with your own material.`,
  toConfirm: (heading, items) =>
    `${heading}: confirm ${items.map((t) => `"${t}"`).join(', ')}, not found in your material.`,
  elementLabel: (element) => ELEMENT_LABELS[element],
  reviewersLookFor: (labels) => `Reviewers look for ${list(labels)}.`,
  answeredWith: (labels, headings) =>
    `Answered with ${list(labels)} in ${headings.map((h) => `"${h}"`).join(', ')}.`,
  notYetAnswered: (labels) => ` Not yet answered: ${list(labels)}.`,
  notAddressed: (labels) => `No section of the draft addresses ${list(labels)}.`,
  sectionNotFound: 'Section not found.',
  noLimitPublished: 'No limit published.',
  overLimit: (section, note) => `"${section}" is over its limit: ${note}`,
};
