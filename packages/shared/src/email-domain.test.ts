import { describe, expect, it } from 'vitest';
import { checkEmailDomain, domainLabel, isInstitutionalEmail, PERSONAL_EMAIL_PROVIDERS } from './email-domain.ts';

describe('institutional e-mail rule (spec §5)', () => {
  it('covers at least 80 personal and free providers', () => {
    expect(PERSONAL_EMAIL_PROVIDERS.size).toBeGreaterThanOrEqual(80);
  });

  it.each(['gmail', 'yahoo', 'hotmail', 'outlook', 'icloud', 'aol', 'proton', 'gmx', 'qq'])(
    'refuses the spec example %s under any top-level domain',
    (label) => {
      expect(checkEmailDomain(`a@${label}.com`)).toBe('personal');
      expect(checkEmailDomain(`a@${label}.co.uk`)).toBe('personal');
    },
  );

  it('looks only at the part of the domain before its first dot', () => {
    expect(domainLabel('ada@mail.utoronto.ca')).toBe('mail');
    expect(checkEmailDomain('ada@mail.utoronto.ca')).toBe('personal');
    expect(checkEmailDomain('ada@utoronto.ca')).toBe('institutional');
    expect(checkEmailDomain('ada@cs.ubc.ca')).toBe('institutional');
    expect(checkEmailDomain('ada@GMAIL.COM')).toBe('personal');
  });

  it('waits for an @ before judging', () => {
    expect(checkEmailDomain('ada')).toBe('incomplete');
    expect(checkEmailDomain('ada@')).toBe('incomplete');
    expect(isInstitutionalEmail('ada')).toBe(false);
  });
});
