import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { paidListQuery } from '../../../lib/queries/paid-list.queries.ts';

const LIST = PAID_WORK_CATALOGUE.idea.listKey;

/**
 * The idea requests (the shared paid-list factory); the panel parses a finished idea's results with
 * the schema it loads once the list holds one.
 */
export const ideaRequestsQuery = () =>
  paidListQuery(LIST, 'idea requests', (r: IdeaRequestRecord) => r.ideaResults);
