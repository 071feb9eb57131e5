import { json, type Answer } from './kit.tsx';

/**
 * Every list the dashboard asks for on its first render (for the user ADA), answered empty; a test
 * spreads this and overrides the lists it is about.
 */
export const EMPTY_DASHBOARD: Record<string, Answer> = {
  'GET /api/users/u1/applications': () => json(200, []),
  'GET /api/submissions': () => json(200, []),
  'GET /api/idea-generator-requests': () => json(200, []),
  'GET /api/funding-finder-requests': () => json(200, []),
  'GET /api/grant-programs?*': () => json(200, []),
};
