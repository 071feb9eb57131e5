import { describe, expect, it } from 'vitest';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { glossFrench, requestInCatalogueLanguage } from './french.ts';
import { candidateKeywords, rankableFromRow, rankPrograms } from './index.ts';

// Issue 31 §2, ADR 1087: the finder reads a French request. The brief's example and its English
// twin rank the same programs; an English request is read exactly as before.
const TODAY = new Date('2026-11-28T12:00:00Z');
const catalogue = readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY));
const top5 = (q: { researchTopic: string; researchDetails: string; teamProfile: string }) =>
  rankPrograms({ ...q, profileFacts: null }, catalogue, TODAY)
    .slice(0, 5)
    .map((r) => r.program.id);

const ENGLISH = {
  researchTopic: 'Machine learning for medical imaging',
  researchDetails: 'Deep learning models that detect early lung cancer on CT scans.',
  teamProfile: 'Professor at Université Laval, Quebec City.',
};
const FRENCH = {
  researchTopic: "Apprentissage automatique pour l'imagerie médicale",
  researchDetails:
    "Des modèles d'apprentissage profond qui détectent le cancer du poumon précoce sur des tomodensitogrammes.",
  teamProfile: "Professeure à l'Université Laval, Québec.",
};

describe('a French funding request (issue 31 §2, ADR 1087)', () => {
  it('ranks the same five programs, in the same order, as its English twin', () => {
    const english = top5(ENGLISH);
    expect(english).toHaveLength(5);
    expect(top5(FRENCH)).toEqual(english);
  });

  it('is glossed into the catalogue’s words: phrases first, French function words dropped, case kept', () => {
    expect(glossFrench("Apprentissage automatique pour l'imagerie médicale")).toBe(
      'Machine learning medical imaging',
    );
    expect(glossFrench('Soins à domicile pour les aînés fragiles')).toBe('Home care frail seniors');
    // Pre-selection in a large catalogue searches the English words too.
    expect(candidateKeywords({ ...FRENCH })).toEqual(
      expect.arrayContaining(['machine', 'learning', 'imaging']),
    );
  });

  it('an English request is read as it came (the same object)', () => {
    const q = { ...ENGLISH, fileText: null };
    expect(requestInCatalogueLanguage(q)).toBe(q);
  });
});
