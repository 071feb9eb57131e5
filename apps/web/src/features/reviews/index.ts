/** Reviewers' comments, the response plan and the response section (issue 27; ADR 0330, 0410). */
export { ReviewsPage } from './components/reviews-page.tsx';
export { ResubmissionFindings, type ReadinessItem } from './components/resubmission-findings.tsx';
