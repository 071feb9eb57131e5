import type { EvalSuite } from '../suite.ts';
import { fundingSuite } from '../funding.ts';
import { critiquesSuite } from './critiques.ts';
import { draftsSuite } from './drafts.ts';
import { elementsFrenchSuite } from './elements-fr.ts';
import { elementsSuite } from './elements.ts';
import { guidelinesSuite } from './guidelines.ts';
import { reviewerSuite } from './reviewer.ts';

/** Every suite of `npm run eval`, in the order printed. Add yours with one line. */
export const SUITES: EvalSuite[] = [
  reviewerSuite,
  fundingSuite,
  draftsSuite,
  guidelinesSuite,
  elementsSuite,
  elementsFrenchSuite,
  critiquesSuite,
];
