import { describe, expect, it } from 'vitest';
import { mentionMail, shareMail } from './sharing.ts';

const NBSP = '\u00a0';
const SHARE = {
  sharer: 'Ada Lovelace',
  title: 'Sepsis assay',
  role: 'editor' as const,
  link: 'https://g.test/applications/1',
};
const MENTION = {
  actor: 'Ada Lovelace',
  title: 'Sepsis assay',
  comment: '@grace see aim 2',
  link: 'https://g.test/applications/1',
};

describe('sharing e-mails in the recipient’s language (issues 31 §1, 32 §2)', () => {
  it('English is the text these mails always had', () => {
    expect(shareMail('en', SHARE)).toMatchObject({
      subject: 'Ada Lovelace shared an application with you on Grantleaf',
      text: [
        'Hello,',
        '',
        'Ada Lovelace shared the application "Sepsis assay" with you on Grantleaf as co-applicant (can edit).',
        '',
        'Open it here: https://g.test/applications/1',
        '',
        'Sign in or create an account with this address and verify it to open it.',
      ].join('\n'),
    });
    expect(mentionMail('en', MENTION).subject).toBe('Ada Lovelace mentioned you in "Sepsis assay"');
  });

  it('French: the councils’ words, OQLF spacing, the user’s text unchanged', () => {
    const share = shareMail('fr', { ...SHARE, role: 'commenter' });
    expect(share.subject).toBe('Ada Lovelace vous a communiqué une demande sur Grantleaf');
    expect(share.text).toContain(
      `la demande «${NBSP}Sepsis assay${NBSP}» sur Grantleaf, à titre de commentateur.`,
    );
    expect(share.text).toContain(`Ouvrez-la ici${NBSP}: https://g.test/applications/1`);
    const mention = mentionMail('fr', MENTION);
    expect(mention.subject).toBe(`Ada Lovelace vous a mentionné dans «${NBSP}Sepsis assay${NBSP}»`);
    expect(mention.text).toContain('@grace see aim 2');
    for (const english of ['Hello', 'shared', 'Open it', 'Sign in', 'mentioned'])
      expect(share.text + mention.text).not.toContain(english);
  });
});
