/**
 * The checks' old address, kept for its importers: the checks live in `ai/check/` by stage
 * (budget, sections, coverage and limits).
 */
export * from '../check/budget.ts';
export * from '../check/checks.ts';
export * from '../check/sections.ts';
