import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '../features/auth/api/auth.queries.ts';
import { fundingRequestsQuery } from '../features/funding/api/funding.queries.ts';
import { ideaRequestsQuery } from '../features/ideas/api/ideas.queries.ts';
import { submissionsQuery } from '../features/submissions/api/submissions.queries.ts';
import { refreshAfterSubmit } from './query-client.ts';

describe('after a paid submit (spec §7, ADR 0811, ADR 1080)', () => {
  it("marks stale the factories' own cache entries: every dashboard list and the balance", async () => {
    const client = new QueryClient();
    const keys = [
      submissionsQuery().queryKey,
      ideaRequestsQuery().queryKey,
      fundingRequestsQuery().queryKey,
      currentUserQuery(client).queryKey,
    ];
    for (const queryKey of keys) client.setQueryData(queryKey, []);
    const unrelated = ['/api/alerts'];
    client.setQueryData(unrelated, {});
    await refreshAfterSubmit(client);
    for (const queryKey of keys)
      expect(client.getQueryState(queryKey)?.isInvalidated, String(queryKey)).toBe(true);
    expect(client.getQueryState(unrelated)?.isInvalidated).toBe(false);
  });
});
