import { randomUUID } from 'node:crypto';
import { textToDoc } from '@grantleaf/shared/application-document.schema';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../documents.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';
import { apiRoutes } from './route-inventory.ts';

/**
 * Route-by-route access test (issue 7 §1). Every /api route the router serves must have an entry
 * here; a new route without one fails the first test. Actors: anonymous, user A (owns one of
 * every object), user B (the attacker) and an admin.
 */

type Access = 'public' | 'user' | 'admin';

interface Objects {
  aId: string;
  bId: string;
  submission: string;
  file: string;
  idea: string;
  funding: string;
  application: string;
  bApplication: string;
  lead: string;
  checklistItem: string;
  block: string;
  sredClaim: string;
  savedSearch: string;
  /** A's reviewers' comments on A's application, and one critique of them (issue 27). */
  reviewImport: string;
  critique: string;
  /** The public id of A's session (the account page's session list). */
  session: string;
  /** A's organisation (no domain rule), an open invitation of it, and a named share of A's application. */
  organisation: string;
  invitation: string;
  share: string;
  comment: string;
  /** A competition of A's organisation, and A's own entry in it (ADR 0650). */
  competition: string;
  entry: string;
}

interface Entry {
  access: Access;
  /** The concrete URL, filled with A's objects (for routes with parameters). */
  url?: (o: Objects) => string;
  body?: (o: Objects) => unknown;
  /** An object route: B calling it on A's object must get 404. */
  foreign?: boolean;
}

const PROGRAM = 'ca-nserc-alliance-advantage';
const ANALYSIS_TEXT =
  'Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.\nMethods: Field trials on three rivers.\nBudget: $50,000 for hardware.';
const FUNDING_BODY = {
  researchTopic: 'Retinal imaging biomarkers for diabetic kidney disease',
  researchDetails:
    'A cohort of 2,000 patients validates a retinal imaging biomarker that predicts kidney disease.',
  teamProfile: 'Associate professor of medicine (PI), two postdocs and a biostatistician.',
  fileContent: '',
};
const IDEA_BODY = {
  researchBackground:
    'Microfluidics and sepsis biomarkers at a Toronto teaching hospital, ten years of assay work.',
  researchInterests: 'Rapid point-of-care sepsis diagnostics using microfluidic biomarker panels.',
};

const SRED_SETTINGS = {
  name: 'Alice SR&ED claim',
  taxYearStart: '2025-01-01',
  taxYearEnd: '2025-12-31',
  corporationType: 'ccpc',
  method: 'proxy',
  priorYearTaxableCapital: 0,
  priorYearTaxableIncome: null,
  expenditureLimitShare: 1,
  qualifyingCorporation: false,
  defaultJurisdiction: 'ON',
  albertaPriorTwoYearsAverage: null,
  quebecPriorYearAssets: null,
  quebecForeignControlled: false,
};

/** Docs UI and its assets: public, read-only, generated from the schemas. */
const isDocsRoute = (path: string) => /^\/api\/docs(\/|\*|$)/.test(path);

export const MATRIX: Record<string, Entry> = {
  // Public
  'GET /api/health': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/forgot-password': { access: 'public', body: () => ({ email: 'nobody@utoronto.ca' }) },
  'POST /api/auth/reset-password': {
    access: 'public',
    body: () => ({ token: 'guess', password: 'Quiet-Harbor-Lantern-42' }),
  },
  'GET /api/verify-email': { access: 'public', url: () => '/api/verify-email?token=nope' },
  'GET /api/public-config': { access: 'public' },
  'GET /api/grant-programs': { access: 'public' },
  'POST /api/leads': { access: 'public' },
  'POST /api/zeno-lead-submissions': { access: 'public' },
  // A capability URL: the token is the credential (checked separately below).
  'GET /api/calendar.ics': { access: 'public', url: () => '/api/calendar.ics?token=guess' },
  'GET /api/institutions/:domain': { access: 'public', url: () => '/api/institutions/utoronto.ca' },
  'GET /api/credit-packs': { access: 'public' },
  // Stripe's signature is the credential (tested in payments.test.ts); unsigned calls change nothing.
  'POST /api/payments/stripe-webhook': { access: 'public' },
  // The opt-out link of alert e-mails: the token is the credential (alerts.test.ts).
  'GET /api/alerts/unsubscribe': { access: 'public', url: () => '/api/alerts/unsubscribe?token=guess' },
  'POST /api/alerts/unsubscribe': { access: 'public', url: () => '/api/alerts/unsubscribe?token=guess' },

  // Signed-in users, own data only
  'POST /api/auth/logout': { access: 'user' },
  'GET /api/auth/user': { access: 'user' },
  'GET /api/me': { access: 'user' },
  'POST /api/auth/resend-verification': { access: 'user' },
  'POST /api/verify-email-code': { access: 'user', body: () => ({ code: '0000' }) },
  'GET /api/credits/ledger': { access: 'user' },
  'POST /api/upload': { access: 'user' },
  'GET /api/files/:id': { access: 'user', url: (o) => `/api/files/${o.file}`, foreign: true },
  'DELETE /api/files/:id': { access: 'user', url: (o) => `/api/files/${o.file}`, foreign: true },
  'POST /api/submissions': {
    access: 'user',
    body: () => ({
      type: 'analysis',
      programId: PROGRAM,
      contentJson: { programId: PROGRAM, inputMethod: 'text', content: ANALYSIS_TEXT },
    }),
  },
  'GET /api/submissions': { access: 'user' },
  'GET /api/submissions/:id': {
    access: 'user',
    url: (o) => `/api/submissions/${o.submission}`,
    foreign: true,
  },
  'GET /api/submissions/:id/export': {
    access: 'user',
    url: (o) => `/api/submissions/${o.submission}/export?format=pdf`,
    foreign: true,
  },
  'POST /api/idea-generator-requests': { access: 'user', body: () => IDEA_BODY },
  'GET /api/idea-generator-requests': { access: 'user' },
  'GET /api/idea-generator-requests/:id/download': {
    access: 'user',
    url: (o) => `/api/idea-generator-requests/${o.idea}/download?format=md`,
    foreign: true,
  },
  'POST /api/funding-finder-requests': { access: 'user', body: () => FUNDING_BODY },
  'GET /api/funding-finder-requests': { access: 'user' },
  'GET /api/applicant-profile': { access: 'user' },
  'PUT /api/applicant-profile': { access: 'user', body: () => ({ kind: 'researcher', country: 'CA' }) },
  'GET /api/funding-finder-requests/:id/report': {
    access: 'user',
    url: (o) => `/api/funding-finder-requests/${o.funding}/report`,
    foreign: true,
  },
  'POST /api/marketing-requests': { access: 'user' },
  'POST /api/affiliate-requests': { access: 'user' },
  'GET /api/affiliate': { access: 'user' },
  'GET /api/users/:id/applications': {
    access: 'user',
    url: (o) => `/api/users/${o.aId}/applications`,
    foreign: true,
  },
  'POST /api/applications': { access: 'user', body: () => ({ title: 'Raise attempt', program: 'X' }) },
  'PATCH /api/applications/:id': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}`,
    body: () => ({ status: 'submitted' }),
    foreign: true,
  },
  'DELETE /api/applications/:id': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}`,
    foreign: true,
  },
  'POST /api/applications/:id/documents': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/documents`,
    body: () => ({ fileUrl: '/api/files/abc123', fileName: 'budget.pdf' }),
    foreign: true,
  },
  // The application as a document (issue 16): every route is A's object.
  'GET /api/applications/:id': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}`,
    foreign: true,
  },
  'PUT /api/applications/:id/sections': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/sections`,
    body: () => ({ baseVersion: 0, sections: [{ id: 'summary', doc: { type: 'doc' } }] }),
    foreign: true,
  },
  'GET /api/applications/:id/analyses': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/analyses`,
    foreign: true,
  },
  'GET /api/applications/:id/versions': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/versions`,
    foreign: true,
  },
  'GET /api/applications/:id/versions/:version': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/versions/1`,
    foreign: true,
  },
  'POST /api/applications/:id/versions/:version/restore': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/versions/1/restore`,
    body: () => ({ baseVersion: 0 }),
    foreign: true,
  },
  'POST /api/applications/:id/check': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/check`,
    body: () => ({ sections: [] }),
    foreign: true,
  },
  // The budget builder (issue 26, ADR 0281): A's application's budget; readers of a share GET it,
  // editors PUT it (ADR 0450, budget.test.ts); B and the withdrawn editor R get 404. Its prefill
  // goes to the owner and editors only (tested below).
  'GET /api/applications/:id/budget': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/budget`,
    foreign: true,
  },
  'PUT /api/applications/:id/budget': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/budget`,
    body: () => ({ baseRevision: 0, budget: { years: 1, lines: [], partners: [], notes: '' } }),
    foreign: true,
  },
  'GET /api/applications/:id/export': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/export?format=txt`,
    foreign: true,
  },
  // AI actions on a section (issue 16 §5): A's application; no model here, so A gets 409, B 404.
  'POST /api/applications/:id/sections/:sectionId/actions': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/sections/summary/actions`,
    body: () => ({ action: 'shorten', baseVersion: 1 }),
    foreign: true,
  },
  'GET /api/applications/:id/suggestions': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/suggestions`,
    foreign: true,
  },
  'POST /api/applications/:id/suggestions/:suggestionId/accept': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/suggestions/${randomUUID()}/accept`,
    foreign: true,
  },
  'POST /api/applications/:id/suggestions/:suggestionId/dismiss': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/suggestions/${randomUUID()}/dismiss`,
    foreign: true,
  },
  'POST /api/calendar-token': { access: 'user' },
  'GET /api/applications/:id/checklist': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/checklist`,
    foreign: true,
  },
  'POST /api/applications/:id/checklist/extract': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/checklist/extract`,
    body: (o) => ({ fileUrl: `/api/files/${o.file}` }),
    foreign: true,
  },
  'POST /api/applications/:id/checklist/items': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/checklist/items`,
    body: () => ({ text: 'Planted requirement' }),
    foreign: true,
  },
  'PATCH /api/applications/:id/checklist/items/:itemId': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/checklist/items/${o.checklistItem}`,
    body: () => ({ done: true }),
    foreign: true,
  },
  'DELETE /api/applications/:id/checklist/items/:itemId': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/checklist/items/${o.checklistItem}`,
    foreign: true,
  },
  'GET /api/applications/:id/reviews': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews`,
    foreign: true,
  },
  'POST /api/applications/:id/reviews': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews`,
    body: () => ({ text: 'Weaknesses\n- Planted weakness.' }),
    foreign: true,
  },
  'DELETE /api/applications/:id/reviews/:importId': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews/${o.reviewImport}`,
    foreign: true,
  },
  'PATCH /api/applications/:id/critiques/:critiqueId': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/critiques/${o.critique}`,
    body: () => ({ status: 'declined', declineReason: 'Taken' }),
    foreign: true,
  },
  'GET /api/applications/:id/critiques/:critiqueId/diff': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/critiques/${o.critique}/diff`,
    foreign: true,
  },
  'GET /api/applications/:id/reviews/response': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews/response`,
    foreign: true,
  },
  'GET /api/applications/:id/reviews/response.docx': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews/response.docx`,
    foreign: true,
  },
  'GET /api/applications/:id/reviews/findings': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews/findings`,
    foreign: true,
  },
  // The response section written by a model (ADR 1035): no model here, so A gets 409 on asking
  // (nothing charged), B 404 — the owner check comes first.
  'POST /api/applications/:id/reviews/model-responses': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews/model-responses`,
    foreign: true,
  },
  'GET /api/applications/:id/reviews/model-responses': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/reviews/model-responses`,
    foreign: true,
  },
  'GET /api/library/blocks': { access: 'user' },
  'POST /api/library/blocks': { access: 'user', body: () => ({ title: 'Planted', text: 'Planted block' }) },
  'PATCH /api/library/blocks/:id': {
    access: 'user',
    url: (o) => `/api/library/blocks/${o.block}`,
    body: () => ({ title: 'Taken' }),
    foreign: true,
  },
  'DELETE /api/library/blocks/:id': {
    access: 'user',
    url: (o) => `/api/library/blocks/${o.block}`,
    foreign: true,
  },
  'POST /api/library/blocks/:id/uses': {
    access: 'user',
    url: (o) => `/api/library/blocks/${o.block}/uses`,
    body: (o) => ({ applicationId: o.application, section: 'Budget' }),
    foreign: true,
  },
  'GET /api/sred/claims': { access: 'user' },
  'POST /api/sred/claims': { access: 'user', body: () => SRED_SETTINGS },
  'GET /api/sred/claims/:id': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}`,
    foreign: true,
  },
  'PUT /api/sred/claims/:id': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}`,
    body: () => ({ ...SRED_SETTINGS, name: 'Taken' }),
    foreign: true,
  },
  'DELETE /api/sred/claims/:id': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}`,
    foreign: true,
  },
  'GET /api/sred/claims/:id/audit-package': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/audit-package`,
    foreign: true,
  },
  'POST /api/sred/claims/:id/projects': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/projects`,
    body: () => ({ title: 'Planted' }),
    foreign: true,
  },
  'PUT /api/sred/claims/:id/projects/:projectId': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/projects/${randomUUID()}`,
    body: () => ({ title: 'Taken' }),
    foreign: true,
  },
  'PUT /api/sred/claims/:id/time': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/time`,
    body: () => ({ entries: [] }),
    foreign: true,
  },
  'PUT /api/sred/claims/:id/grants': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/grants`,
    body: () => ({ grants: [] }),
    foreign: true,
  },
  'POST /api/sred/claims/:id/import-preview': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/import-preview`,
    body: () => ({ source: 'ledger', csv: 'Date,Amount\n2025-01-01,1' }),
    foreign: true,
  },
  'POST /api/sred/claims/:id/imports': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/imports`,
    body: () => ({
      source: 'ledger',
      csv: 'Date,Amount\n2025-01-01,1',
      mapping: { date: 'Date', amount: 'Amount' },
    }),
    foreign: true,
  },
  'PUT /api/sred/claims/:id/lines/:lineId/category': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/lines/${randomUUID()}/category`,
    body: () => ({ category: 'materials', reason: 'Taken' }),
    foreign: true,
  },
  // Model drafts of a T661 narrative (ADR 0710): no model here, so A gets 409 on asking, B 404.
  'POST /api/sred/claims/:id/projects/:projectId/narrative-drafts': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/projects/${randomUUID()}/narrative-drafts`,
    foreign: true,
  },
  'GET /api/sred/claims/:id/narrative-drafts': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/narrative-drafts`,
    foreign: true,
  },
  'POST /api/sred/claims/:id/narrative-drafts/:draftId/dismiss': {
    access: 'user',
    url: (o) => `/api/sred/claims/${o.sredClaim}/narrative-drafts/${randomUUID()}/dismiss`,
    foreign: true,
  },
  'GET /api/alerts': { access: 'user' },
  'POST /api/saved-searches': { access: 'user', body: () => ({ name: 'Planted', query: { q: 'ice' } }) },
  'PATCH /api/saved-searches/:id': {
    access: 'user',
    url: (o) => `/api/saved-searches/${o.savedSearch}`,
    body: () => ({ name: 'Taken' }),
    foreign: true,
  },
  'DELETE /api/saved-searches/:id': {
    access: 'user',
    url: (o) => `/api/saved-searches/${o.savedSearch}`,
    foreign: true,
  },
  'PUT /api/program-follows/:programId': { access: 'user', url: () => `/api/program-follows/${PROGRAM}` },
  // A follows PROGRAM; B, who does not, cannot unfollow it for A.
  'DELETE /api/program-follows/:programId': {
    access: 'user',
    url: () => `/api/program-follows/${PROGRAM}`,
    foreign: true,
  },
  'PUT /api/alerts/preferences': { access: 'user', body: () => ({ digest: true, reminders: true }) },
  'GET /api/account/export': { access: 'user' },
  'DELETE /api/account': { access: 'user' },
  'POST /api/account/password': { access: 'user' },
  'PUT /api/account/language': { access: 'user', body: () => ({ language: 'fr' }) },
  'GET /api/account/sessions': { access: 'user' },
  'POST /api/account/sessions/sign-out-others': { access: 'user' },
  'DELETE /api/account/sessions/:id': {
    access: 'user',
    url: (o) => `/api/account/sessions/${o.session}`,
    foreign: true,
  },
  'GET /api/payments': { access: 'user' },
  'POST /api/payments/checkout': { access: 'user', body: () => ({ packId: 'starter', currency: 'CAD' }) },
  'GET /api/payments/checkout/:id': { access: 'user', url: () => `/api/payments/checkout/${randomUUID()}` },
  'POST /api/payments/:id/refund-request': {
    access: 'user',
    url: () => `/api/payments/${randomUUID()}/refund-request`,
    body: () => ({ hoursSpent: 1 }),
  },
  'POST /api/credit-requests': { access: 'user', body: () => ({ kind: 'credits', credits: 5 }) },
  'GET /api/credit-requests': { access: 'user' },

  // Organisations (issue 32 §1): every object route is A's organisation; B is no member.
  'GET /api/organisations': { access: 'user' },
  'POST /api/organisations': { access: 'user', body: () => ({ name: 'Planted office' }) },
  'GET /api/organisations/:id': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}`,
    foreign: true,
  },
  'PATCH /api/organisations/:id': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}`,
    body: () => ({ name: 'Taken office' }),
    foreign: true,
  },
  'POST /api/organisations/:id/invitations': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/invitations`,
    body: () => ({ email: 'planted@utoronto.ca', role: 'owner' }),
    foreign: true,
  },
  'DELETE /api/organisations/:id/invitations/:invitationId': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/invitations/${o.invitation}`,
    foreign: true,
  },
  'POST /api/organisations/invitations/accept': {
    access: 'user',
    body: () => ({ token: 'guessed-invitation-token' }),
  },
  'POST /api/organisations/:id/join': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/join`,
    foreign: true,
  },
  'PATCH /api/organisations/:id/members/:userId': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/members/${o.aId}`,
    body: () => ({ role: 'member' }),
    foreign: true,
  },
  'DELETE /api/organisations/:id/members/:userId': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/members/${o.aId}`,
    foreign: true,
  },
  'GET /api/organisations/:id/applications': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/applications`,
    foreign: true,
  },
  'GET /api/organisations/:id/applications.csv': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/applications.csv`,
    foreign: true,
  },
  // Holidays (issue 32 §3, ADR 0441): members read, owners and officers replace.
  'GET /api/organisations/:id/holidays': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/holidays`,
    foreign: true,
  },
  'PUT /api/organisations/:id/holidays': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/holidays`,
    body: () => ({ holidays: [{ date: '2031-12-25', name: 'Planted holiday' }] }),
    foreign: true,
  },
  // Per-program internal deadlines (ADR 0650): members read, owners and officers replace.
  'GET /api/organisations/:id/program-deadlines': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/program-deadlines`,
    foreign: true,
  },
  'PUT /api/organisations/:id/program-deadlines': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/program-deadlines`,
    body: () => ({ deadlines: [{ programId: PROGRAM, days: 3 }] }),
    foreign: true,
  },
  // Limited-submission competitions (ADR 0650): members read and enter, owners and officers
  // announce, score and select; B (no member) and R (removed) get 404 on every one.
  'GET /api/organisations/:id/competitions': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/competitions`,
    foreign: true,
  },
  'POST /api/organisations/:id/competitions': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/competitions`,
    body: () => ({
      title: 'Planted competition',
      programId: PROGRAM,
      cap: 1,
      internalDeadline: '2031-03-01',
      criteria: ['Merit'],
    }),
    foreign: true,
  },
  'GET /api/organisations/:id/competitions/:competitionId': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/competitions/${o.competition}`,
    foreign: true,
  },
  'PUT /api/organisations/:id/competitions/:competitionId/entry': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/competitions/${o.competition}/entry`,
    body: () => ({ title: 'Planted entry', summary: 'Planted.' }),
    foreign: true,
  },
  'PUT /api/organisations/:id/competitions/:competitionId/entries/:entryId/score': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/competitions/${o.competition}/entries/${o.entry}/score`,
    body: () => ({ scores: [5] }),
    foreign: true,
  },
  'POST /api/organisations/:id/competitions/:competitionId/entries/:entryId/selection': {
    access: 'user',
    url: (o) =>
      `/api/organisations/${o.organisation}/competitions/${o.competition}/entries/${o.entry}/selection`,
    body: () => ({ selected: true }),
    foreign: true,
  },
  // Organisation credits (issue 32 §1, ADR 0720): members read, owners move credits in, owners
  // and officers set limits; B (no member) and R (removed) get 404 on every one.
  'GET /api/organisations/:id/credits': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/credits`,
    foreign: true,
  },
  'POST /api/organisations/:id/credits/transfers': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/credits/transfers`,
    body: () => ({ credits: 1 }),
    foreign: true,
  },
  'PUT /api/organisations/:id/credits/limits/:userId': {
    access: 'user',
    url: (o) => `/api/organisations/${o.organisation}/credits/limits/${o.aId}`,
    body: () => ({ limit: { credits: 1000, period: 'total' } }),
    foreign: true,
  },
  // The office's review (issue 32 §3, ADR 0440): readers read, the owner submits, officers decide.
  'GET /api/applications/:id/office-review': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/office-review`,
    foreign: true,
  },
  'POST /api/applications/:id/office-review/submit': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/office-review/submit`,
    body: () => ({}),
    foreign: true,
  },
  'POST /api/applications/:id/office-review/request-changes': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/office-review/request-changes`,
    body: () => ({ message: 'Planted request' }),
    foreign: true,
  },
  'POST /api/applications/:id/office-review/approve': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/office-review/approve`,
    body: () => ({}),
    foreign: true,
  },
  // Sharing (issue 32 §2): only the owner sees or changes an application's shares.
  'GET /api/shared-applications': { access: 'user' },
  'GET /api/applications/:id/shares': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/shares`,
    foreign: true,
  },
  'POST /api/applications/:id/shares': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/shares`,
    body: () => ({ email: 'planted@utoronto.ca', role: 'editor' }),
    foreign: true,
  },
  'DELETE /api/applications/:id/shares/:shareId': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/shares/${o.share}`,
    foreign: true,
  },
  'PUT /api/applications/:id/organisation-share': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/organisation-share`,
    body: (o) => ({ organisationId: o.organisation }),
    foreign: true,
  },
  'DELETE /api/applications/:id/organisation-share': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/organisation-share`,
    foreign: true,
  },
  'GET /api/applications/:id/comments': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/comments`,
    foreign: true,
  },
  'POST /api/applications/:id/comments': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/comments`,
    body: () => ({ sectionId: 'summary', body: 'Planted comment' }),
    foreign: true,
  },
  'POST /api/applications/:id/comments/:commentId/resolve': {
    access: 'user',
    url: (o) => `/api/applications/${o.application}/comments/${o.comment}/resolve`,
    body: () => ({ resolved: true }),
    foreign: true,
  },

  // Admins only
  'GET /api/admin/users': { access: 'admin' },
  'POST /api/admin/users/:id/credits': {
    access: 'admin',
    url: (o) => `/api/admin/users/${o.bId}/credits`,
    body: () => ({ amount: 1000, reason: 'self-grant' }),
  },
  'GET /api/admin/leads': { access: 'admin' },
  'PATCH /api/admin/leads/:id': {
    access: 'admin',
    url: (o) => `/api/admin/leads/${o.lead}`,
    body: () => ({ status: 'contacted' }),
  },
  'GET /api/admin/zeno-leads': { access: 'admin' },
  'GET /api/admin/marketing-requests': { access: 'admin' },
  'GET /api/admin/affiliates': { access: 'admin' },
  'GET /api/admin/commissions': { access: 'admin' },
  'POST /api/admin/payments': {
    access: 'admin',
    body: (o) => ({ userId: o.bId, amountCents: 100000, reference: `raise-${randomUUID()}` }),
  },
  'GET /api/admin/submissions': { access: 'admin' },
  'GET /api/admin/audit-log': { access: 'admin' },
  'GET /api/admin/payments': { access: 'admin' },
  'GET /api/admin/refund-requests': { access: 'admin' },
  'POST /api/admin/refund-requests/:id/decision': {
    access: 'admin',
    url: () => `/api/admin/refund-requests/${randomUUID()}/decision`,
    body: () => ({ decision: 'approve', note: 'self-approval' }),
  },
  'GET /api/admin/credit-requests': { access: 'admin' },
  'POST /api/admin/credit-requests/:id/decision': {
    access: 'admin',
    url: () => `/api/admin/credit-requests/${randomUUID()}/decision`,
    body: () => ({ decision: 'approve' }),
  },
  'GET /api/admin/programs': { access: 'admin' },
  'GET /api/admin/programs/:id': { access: 'admin', url: () => `/api/admin/programs/${PROGRAM}` },
  'PATCH /api/admin/programs/:id': {
    access: 'admin',
    url: () => `/api/admin/programs/${PROGRAM}`,
    body: () => ({ name: 'Hijacked' }),
  },
  'POST /api/admin/programs/:id/verify': {
    access: 'admin',
    url: () => `/api/admin/programs/${PROGRAM}/verify`,
  },
  'POST /api/admin/programs/:id/retire': {
    access: 'admin',
    url: () => `/api/admin/programs/${PROGRAM}/retire`,
  },
  'GET /api/admin/program-syncs': { access: 'admin' },
  'POST /api/admin/programs/:id/restore': {
    access: 'admin',
    url: () => `/api/admin/programs/${PROGRAM}/restore`,
  },
  'GET /api/admin/affiliate-payouts': { access: 'admin' },
  'POST /api/admin/affiliate-payouts': {
    access: 'admin',
    body: (o) => ({ affiliateUserId: o.bId, currency: 'CAD' }),
  },
  'PATCH /api/submissions/:id/file': {
    access: 'admin',
    url: (o) => `/api/submissions/${o.submission}/file`,
    body: () => ({ filename: 'x.pdf' }),
  },
};

/** Fields no client may set about itself; each is sent in every body B can send. */
const RAISE = {
  isAdmin: true,
  is_admin: true,
  admin: true,
  role: 'admin',
  credits: 999_999,
  emailVerified: true,
  email_verified: true,
};

function fill(path: string, o: Objects) {
  return path.replace(/:id\b/g, o.submission);
}

describe.each(DATABASES)('access matrix on %s', (kind) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof registerUser>>;
  let b: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  let removed: Awaited<ReturnType<typeof registerUser>>;
  let o: Objects;
  let routes: Array<{ method: string; path: string }>;
  let calendarToken: string;
  const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
  const urlOf = (k: string, entry: Entry) => entry.url?.(o) ?? fill(k.split(' ')[1]!, o);
  const call = (method: string, url: string, token?: string, body?: unknown) =>
    t.api(method, url, { token, body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}) });

  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
    a = await registerUser(t, { name: 'Alice Owner' });
    b = await registerUser(t, { name: 'Bob Attacker' });
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
    await t.api('POST', `/api/admin/users/${a.user.id}/credits`, {
      token: admin.token,
      body: { amount: 100, reason: 'matrix' },
    });
    await t.api('POST', `/api/admin/users/${b.user.id}/credits`, {
      token: admin.token,
      body: { amount: 1, reason: 'matrix' },
    });

    const up = await uploadFile(
      t.baseUrl,
      a.token,
      'alice-proposal.txt',
      Buffer.from('Alice confidential proposal text'),
    );
    const sub = await t.api('POST', '/api/submissions', {
      token: a.token,
      body: MATRIX['POST /api/submissions']!.body!(o),
    });
    const idea = await t.api('POST', '/api/idea-generator-requests', { token: a.token, body: IDEA_BODY });
    const funding = await t.api('POST', '/api/funding-finder-requests', {
      token: a.token,
      body: FUNDING_BODY,
    });
    const app = await t.api('POST', '/api/applications', {
      token: a.token,
      body: { title: 'Alice application', program: 'NSERC', deadline: '2031-01-15' },
    });
    const bApp = await t.api('POST', '/api/applications', {
      token: b.token,
      body: { title: 'Bob application', program: 'X' },
    });
    const cal = await t.api('POST', '/api/calendar-token', { token: a.token });
    await t.api('POST', `/api/applications/${app.body.id}/documents`, {
      token: a.token,
      body: { fileUrl: up.body.fileUrl, fileName: 'alice.txt' },
    });
    await t.api('POST', '/api/leads', {
      body: { name: 'Lead Person', email: 'lead@utoronto.ca', organization: 'U of T', message: 'Hello' },
    });
    const leads = await t.api('GET', '/api/admin/leads', { token: admin.token });
    const item = await t.api('POST', `/api/applications/${app.body.id}/checklist/items`, {
      token: a.token,
      body: { text: 'Alice requirement' },
    });
    const block = await t.api('POST', '/api/library/blocks', {
      token: a.token,
      body: { title: 'Alice block', text: 'Alice boilerplate' },
    });
    const sredClaim = await t.api('POST', '/api/sred/claims', { token: a.token, body: SRED_SETTINGS });
    const reviews = await t.api('POST', `/api/applications/${app.body.id}/reviews`, {
      token: a.token,
      body: { text: 'Approach\nWeaknesses\n- Alice reviewer weakness.' },
    });
    const saved = await t.api('POST', '/api/saved-searches', {
      token: a.token,
      body: { name: 'Alice search', query: { q: 'river ice' } },
    });
    const follow = await t.api('PUT', `/api/program-follows/${PROGRAM}`, { token: a.token });
    const aSessions = await t.api('GET', '/api/account/sessions', { token: a.token });
    // Issue 32: A's organisation with an open invitation; A's application shared by name and with it.
    const org = await t.api('POST', '/api/organisations', { token: a.token, body: { name: 'Alice office' } });
    const invitation = await t.api('POST', `/api/organisations/${org.body.id}/invitations`, {
      token: a.token,
      body: { email: 'pending-invitee@utoronto.ca' },
    });
    const share = await t.api('POST', `/api/applications/${app.body.id}/shares`, {
      token: a.token,
      body: { email: 'coauthor@utoronto.ca', role: 'viewer' },
    });
    const orgShare = await t.api('PUT', `/api/applications/${app.body.id}/organisation-share`, {
      token: a.token,
      body: { organisationId: org.body.id },
    });
    const comment = await t.api('POST', `/api/applications/${app.body.id}/comments`, {
      token: a.token,
      body: { sectionId: 'any', body: 'Alice note to self' },
    });
    const competition = await t.api('POST', `/api/organisations/${org.body.id}/competitions`, {
      token: a.token,
      body: {
        title: 'Alice competition',
        programId: PROGRAM,
        cap: 1,
        internalDeadline: '2031-03-01',
        criteria: ['Merit'],
      },
    });
    const entry = await t.api(
      'PUT',
      `/api/organisations/${org.body.id}/competitions/${competition.body.id}/entry`,
      {
        token: a.token,
        body: { title: 'Alice entry', summary: 'Alice summary' },
      },
    );
    // R was a research officer of A's organisation and a named editor; both are taken back.
    removed = await registerUser(t, { name: 'Remy Removed' });
    await t.api('POST', `/api/organisations/${org.body.id}/invitations`, {
      token: a.token,
      body: { email: removed.email, role: 'officer' },
    });
    const invite = await t.smtp.waitFor(removed.email, (m) => m.subject.includes('Alice office'));
    const joined = await t.api('POST', '/api/organisations/invitations/accept', {
      token: removed.token,
      body: { token: /organisations\/join\?token=([\w-]+)/.exec(invite.text)?.[1] },
    });
    const rShare = await t.api('POST', `/api/applications/${app.body.id}/shares`, {
      token: a.token,
      body: { email: removed.email, role: 'editor' },
    });
    const rOpened = await t.api('GET', `/api/applications/${app.body.id}`, { token: removed.token });
    expect(rOpened.body.access).toBe('editor');
    const rRemoved = await t.api('DELETE', `/api/organisations/${org.body.id}/members/${removed.user.id}`, {
      token: a.token,
    });
    const rShareId = rShare.body.people.find((p: any) => p.email === removed.email.toLowerCase())?.id;
    const rUnshared = await t.api('DELETE', `/api/applications/${app.body.id}/shares/${rShareId}`, {
      token: a.token,
    });
    for (const [name, res] of Object.entries({
      up,
      sub,
      idea,
      funding,
      app,
      bApp,
      cal,
      item,
      block,
      sredClaim,
      reviews,
      saved,
      follow,
      org,
      invitation,
      share,
      orgShare,
      comment,
      joined,
      rShare,
      rRemoved,
      rUnshared,
    })) {
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    calendarToken = cal.body.token;
    o = {
      aId: a.user.id,
      bId: b.user.id,
      submission: sub.body.id,
      file: up.body.fileUrl.split('/').pop(),
      idea: idea.body.id,
      funding: funding.body.id,
      application: app.body.id,
      bApplication: bApp.body.id,
      lead: leads.body.leads?.[0]?.id ?? randomUUID(),
      checklistItem: item.body.id,
      block: block.body.id,
      sredClaim: sredClaim.body.id,
      savedSearch: saved.body.id,
      reviewImport: reviews.body.imports[0].id,
      critique: reviews.body.critiques[0].id,
      session: aSessions.body.sessions[0].id,
      organisation: org.body.id,
      invitation: invitation.body.id,
      share: share.body.people.find((p: any) => p.email === 'coauthor@utoronto.ca').id,
      comment: comment.body.data[0].id,
      competition: competition.body.id,
      entry: entry.body.entryList[0].id,
    };
    routes = apiRoutes(t.app);
  }, 300_000);
  afterAll(() => t.close());

  it('has an entry for every /api route the router serves, and no stale entries', () => {
    const served = routes.filter((r) => !isDocsRoute(r.path)).map(key);
    expect(served.length).toBeGreaterThan(40);
    const missing = served.filter((k) => !(k in MATRIX));
    expect(missing, 'routes without an access-matrix entry').toEqual([]);
    const stale = Object.keys(MATRIX).filter((k) => !served.includes(k));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
  });

  it('answers 401 to anonymous callers on every non-public route, and serves public ones', async () => {
    for (const [k, entry] of Object.entries(MATRIX)) {
      const [method] = k.split(' ');
      const res = await call(method!, urlOf(k, entry), undefined, entry.body?.(o));
      if (entry.access === 'public') expect([401, 403], k).not.toContain(res.status);
      else expect(res.status, k).toBe(401);
    }
    // A forged or foreign-looking bearer is no better than none.
    expect((await call('GET', '/api/me', 'x'.repeat(64))).status).toBe(401);
    expect((await t.api('GET', '/api/me', { headers: { authorization: `Basic ${a.token}` } })).status).toBe(
      401,
    );
  });

  it('answers 403 to users on every admin route, and serves admins', async () => {
    for (const [k, entry] of Object.entries(MATRIX).filter(([, e]) => e.access === 'admin')) {
      const [method] = k.split(' ');
      for (const user of [a, b]) {
        const res = await call(method!, urlOf(k, entry), user.token, entry.body?.(o));
        expect(res.status, `${k} as user`).toBe(403);
      }
      if (method === 'GET')
        expect((await call('GET', urlOf(k, entry), admin.token)).status, `${k} as admin`).toBe(200);
    }
  });

  it('gives B a 404 (never 403, never success) for every object of A, on every method', async () => {
    const foreign = Object.entries(MATRIX).filter(([, e]) => e.foreign);
    expect(foreign.length).toBeGreaterThanOrEqual(10);
    for (const [k, entry] of foreign) {
      const [method] = k.split(' ');
      const res = await call(method!, urlOf(k, entry), b.token, entry.body?.(o));
      expect(res.status, `${k} by B on A's object: ${JSON.stringify(res.body)}`).toBe(404);
    }
    // Unknown ids look exactly like foreign ones.
    expect((await call('GET', `/api/submissions/${randomUUID()}`, b.token)).status).toBe(404);
    expect((await call('GET', `/api/files/${randomUUID()}`, b.token)).status).toBe(404);
    // A's objects survived B's attempts.
    expect((await call('GET', `/api/files/${o.file}`, a.token)).status).toBe(200);
    const apps = await call('GET', `/api/users/${o.aId}/applications`, a.token);
    expect(apps.body.data.find((x: any) => x.id === o.application)).toMatchObject({ status: 'draft' });
    expect(apps.body.data.find((x: any) => x.id === o.application).documents ?? [{}]).toHaveLength(1);
    const alerts = (await call('GET', '/api/alerts', a.token)).body;
    expect(alerts.savedSearches.map((x: any) => x.name)).toEqual(['Alice search']);
    expect(alerts.follows.map((x: any) => x.programId)).toEqual([PROGRAM]);
  });

  it('gives a removed member and a withdrawn editor (R) a 404 for every object of A, at once', async () => {
    const foreign = Object.entries(MATRIX).filter(([, e]) => e.foreign);
    for (const [k, entry] of foreign) {
      const [method] = k.split(' ');
      const res = await call(method!, urlOf(k, entry), removed.token, entry.body?.(o));
      expect(res.status, `${k} by removed R on A's object: ${JSON.stringify(res.body)}`).toBe(404);
    }
    const lists = ['/api/organisations', '/api/shared-applications'];
    for (const url of lists) {
      const text = JSON.stringify((await call('GET', url, removed.token)).body);
      for (const s of [o.organisation, o.application, 'Alice'])
        expect(text, `${url} leaks ${s}`).not.toContain(s);
    }
  });

  // The budget's prefill (issue 26, ADR 0830) is drafting help from A's own material: those who may
  // save the budget (A, an editor) get it; a viewer reads the budget without it; B gets the 404.
  it('gives the budget prefill to the owner and an editor, null to a viewer, a 404 to B', async () => {
    const created = await call('POST', '/api/applications', a.token, {
      title: 'Alice battery line',
      program: 'NRC IRAP',
      programId: 'ca-nrc-irap',
    });
    const id = created.body.id as string;
    const detail = await call('GET', `/api/applications/${id}`, a.token);
    const text = 'The project costs $420,000 in total. We request an IRAP contribution of $252,000.';
    const put = await call('PUT', `/api/applications/${id}/sections`, a.token, {
      baseVersion: detail.body.version,
      sections: [{ id: detail.body.sections[0].id, doc: textToDoc(text) }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const editor = await registerUser(t);
    const viewer = await registerUser(t);
    for (const [who, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const shared = await call('POST', `/api/applications/${id}/shares`, a.token, {
        email: who.email,
        role,
      });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    }
    const url = `/api/applications/${id}/budget`;
    for (const who of [a, editor]) {
      const res = await call('GET', url, who.token);
      expect(res.status).toBe(200);
      expect(res.body.prefill).toMatchObject({ requested: { value: 252_000 } });
    }
    const read = await call('GET', url, viewer.token);
    expect(read.status).toBe(200);
    expect(read.body.prefill).toBeNull();
    const outsider = await call('GET', url, b.token);
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('252');
  });

  it('shows B no row of A in any list, feed or export', async () => {
    const secrets = [o.aId, o.submission, o.file, o.idea, o.funding, o.application, a.email, 'Alice'];
    const lists = [
      '/api/submissions',
      '/api/idea-generator-requests',
      '/api/funding-finder-requests',
      '/api/credits/ledger',
      `/api/users/${o.bId}/applications`,
      '/api/account/sessions',
      '/api/affiliate',
      '/api/me',
      '/api/library/blocks',
      '/api/sred/claims',
      '/api/alerts',
      '/api/organisations',
      '/api/shared-applications',
    ];
    for (const url of lists) {
      const res = await call('GET', url, b.token);
      expect(res.status, url).toBe(200);
      const text = JSON.stringify(res.body);
      for (const s of secrets) expect(text, `${url} leaks ${s}`).not.toContain(s);
    }
    const exp = await fetch(t.baseUrl + '/api/account/export', {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(exp.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await exp.arrayBuffer()));
    const all = Object.values(zip)
      .map((x) => strFromU8(x))
      .join('\n');
    for (const s of secrets) expect(all, `export leaks ${s}`).not.toContain(s);

    // Calendar tokens: B's own token never opens A's feed; A's feed is A's alone.
    const bCal = await call('POST', '/api/calendar-token', b.token);
    expect(bCal.body.token).not.toBe(calendarToken);
    const bFeed = await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${bCal.body.token}`)).text();
    expect(bFeed).not.toContain('Alice application');
    const aFeed = await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${calendarToken}`)).text();
    expect(aFeed).toContain('Alice application');
  });

  it('lets no body raise a role, credits or verification', async () => {
    const me = async (token: string) => (await call('GET', '/api/me', token)).body;
    const before = await me(b.token);
    for (const [k, entry] of Object.entries(MATRIX)) {
      const [method, path] = k.split(' ');
      if (method === 'GET' || method === 'DELETE' || k === 'POST /api/auth/logout' || path === '/api/upload')
        continue;
      const base = entry.body?.(o) ?? {};
      // B sends it on B's own objects where a route takes one.
      const url = entry.foreign ? urlOf(k, entry).replace(o.application, o.bApplication) : urlOf(k, entry);
      await call(method!, url, b.token, { ...(base as object), ...RAISE, user: RAISE, userId: o.bId });
    }
    const after = await me(b.token);
    expect(after.isAdmin).toBe(false);
    expect(after.emailVerified).toBe(before.emailVerified);
    expect(after.credits).toBeLessThanOrEqual(before.credits);
    expect((await call('GET', '/api/admin/users', b.token)).status).toBe(403);

    const raised = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '10.77.0.1' },
      body: {
        name: 'Raiser',
        phone: '+1 416 555 0100',
        email: `raiser-${randomUUID().slice(0, 6)}@utoronto.ca`,
        password: 'Tr1cky-Passphrase',
        ...RAISE,
      },
    });
    expect(raised.status).toBe(201);
    const raisedMe = await me(raised.body.sessionId);
    expect(raisedMe).toMatchObject({ isAdmin: false, emailVerified: false });
    expect(raisedMe.credits).toBeLessThan(RAISE.credits);
  });
});
