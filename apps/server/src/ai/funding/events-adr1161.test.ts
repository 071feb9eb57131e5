import { describe, expect, it } from 'vitest';
import { topTenFromWords as top10 } from '../fixtures/top-ten.ts';

// SSHRC Connection Grants fund events; a request for a colloquium, a roundtable or a summer institute asks
// for one as a conference does (ADR 1161; held-out 10, spent). Made-up words.
describe('a colloquium, a roundtable or a summer institute is an event (ADR 1161)', () => {
  const rank = (ids: string[], id: string) => (ids.includes(id) ? ids.indexOf(id) : 99);

  it('ranks the Connection Grant above Insight for a two-day colloquium', () => {
    const ids = top10(
      'Fishers, treaties and trade unions on the Pacific coast',
      'A two-day research colloquium bringing historians and union members together on the history of fishers’ unions and treaty rights.',
      'Prof. Dana Moss, Department of History, University of Victoria, British Columbia.',
    );
    expect(rank(ids, 'ca-sshrc-connection-grants')).toBeLessThan(rank(ids, 'ca-sshrc-insight-grants'));
  });

  it('ranks the Connection Grant above Insight for a roundtable', () => {
    const ids = top10(
      'A roundtable on newsroom layoffs and local democracy',
      'A roundtable on newsroom layoffs and local democracy in Canadian journalism.',
      'Prof. Dana Moss, School of Journalism, Ryerson University, Toronto.',
    );
    expect(rank(ids, 'ca-sshrc-connection-grants')).toBeLessThan(rank(ids, 'ca-sshrc-insight-grants'));
  });

  it('still ranks Insight above Connection for a long-term study that names no event', () => {
    const ids = top10(
      'Fishers, treaties and trade unions on the Pacific coast, 1880-1950',
      'A five-year archival study of fishers’ unions and treaty rights, leading to a monograph.',
      'Prof. Dana Moss, Department of History, University of Victoria, British Columbia.',
    );
    expect(rank(ids, 'ca-sshrc-insight-grants')).toBeLessThan(rank(ids, 'ca-sshrc-connection-grants'));
  });
});
