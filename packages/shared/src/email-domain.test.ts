import { describe, expect, it } from 'vitest';
import {
  checkEmailDomain,
  isInstitutionalEmail,
  PERSONAL_EMAIL_PROVIDERS,
  registrableDomain,
} from './email-domain.ts';

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

  it('judges the registrable domain (Public Suffix List), not the first label', () => {
    expect(registrableDomain('ada@mail.utoronto.ca')).toEqual({ domain: 'utoronto.ca', label: 'utoronto' });
    for (const email of [
      'ada@mail.utoronto.ca',
      'ada@mail.mcgill.ca',
      'ada@g.harvard.edu',
      'ada@student.ubc.ca',
    ]) {
      expect(checkEmailDomain(email)).toBe('institutional');
    }
    expect(checkEmailDomain('ada@utoronto.ca')).toBe('institutional');
    expect(checkEmailDomain('ada@cs.ubc.ca')).toBe('institutional');
  });

  it.each([
    'ada@mail.com',
    'ada@outlook.com',
    'ada@ymail.com',
    'ada@protonmail.ch',
    'ada@GMAIL.COM',
    'ada@pm.me',
  ])('refuses the free provider %s', (email) => {
    expect(checkEmailDomain(email)).toBe('personal');
  });

  it('refuses a provider behind a subdomain of its own domain', () => {
    expect(checkEmailDomain('ada@eu.outlook.com')).toBe('personal');
  });

  it('waits for an @ before judging', () => {
    expect(checkEmailDomain('ada')).toBe('incomplete');
    expect(checkEmailDomain('ada@')).toBe('incomplete');
    expect(checkEmailDomain('ada@utoronto')).toBe('incomplete');
    expect(checkEmailDomain('ada@co.uk')).toBe('incomplete');
    expect(isInstitutionalEmail('ada')).toBe(false);
  });
});
