// @vitest-environment jsdom
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, translateMessage } from '../i18n/index.ts';
import './use-schema-form.ts';

// Issue 31 §1: a limit a form's schema states without a message of its own reads as a sentence in
// English (shared/zod-messages.ts, applied by the form hook) and in French (fr.messages.json).
const schema = z.object({ title: z.string().max(200), tags: z.array(z.string()).min(1) });
const messages = () => {
  const result = schema.safeParse({ title: 'x'.repeat(201), tags: [] });
  return result.success ? [] : result.error.issues.map((i) => translateMessage(i.message));
};

describe('form messages for a schema’s bare limits', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it('are sentences in English and in French, never zod’s own', async () => {
    expect(messages()).toEqual(['Use 200 characters or fewer.', 'Choose at least one.']);
    await applyLanguage('fr', { remember: false });
    expect(messages()).toEqual(['Utilisez au plus 200 caractères.', 'Choisissez-en au moins un.']);
    expect(translateMessage(z.object({ name: z.string() }).safeParse({}).error?.issues[0]?.message)).toBe(
      'Ce champ est obligatoire.',
    );
  });
});
