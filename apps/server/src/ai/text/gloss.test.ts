import { describe, expect, it } from 'vitest';
import { featuresOf } from '../detect/features.ts';
import { glossFrench, makeGlossary, readAsEnglish } from './gloss.ts';

// Issue 31, ADR 1125: a French proposal is read by the English-trained element detector in
// English words, through the language layer's one glossing.
const FRENCH =
  "Nous allons développer des algorithmes efficaces. J'ai obtenu en collaboration avec l'équipe de Lyon des résultats préliminaires, et nous étudierons leurs objectifs.";

describe('French read in English words (ADR 1125)', () => {
  it('glosses phrases, function words, elided pronouns, other forms and the future tense', () => {
    const english = readAsEnglish(FRENCH);
    expect(english).toContain('We will develop');
    // "j'" keeps its pronoun; "résultats préliminaires" is one phrase.
    expect(english).toContain('i have obtained in collaboration with');
    expect(english).toContain('preliminary results');
    // "étudierons" is a future: planned, and read through its stem.
    expect(english).toContain('will study');
    // "objectifs" is read through the stem of "objectif".
    expect(english).toMatch(/\bobjective/);
  });

  it('reads a word no entry names as its infinitive or as an English cognate', () => {
    // "étudient" → "étudier" (its stem is not the infinitive's); "spéculatif" → "speculative".
    expect(
      readAsEnglish(
        "Dans le cadre de ce projet, les chercheurs étudient une hypothèse et un modèle spéculatif de l'évolution des données.",
      ),
    ).toMatch(/researchers study .*speculative/);
  });

  it('leaves English text as it came', () => {
    const text = 'We will develop efficient algorithms and train two students.';
    expect(readAsEnglish(text)).toBe(text);
  });

  it("reads the councils' French headings as the English headings the detector weighs (ADR 1177)", () => {
    const body = 'Nous étudierons les automates probabilistes avec nos collaborateurs.';
    const heading = (h: string) => readAsEnglish(`${h}\n${body}`).split('\n')[0];
    expect(heading('Objectifs spécifiques')).toBe('Specific objectives');
    expect(heading('Retombées attendues')).toBe('Expected impacts');
    expect(heading('Formation de PHQ')).toBe('Hqp training');
    expect(heading('Formation des étudiants')).toBe('Student training');
    expect(heading('Plan de mobilisation des connaissances')).toBe('Knowledge mobilization plan');
    expect(heading('État des connaissances')).toBe('State of the art');
    expect(heading('Plan de travail')).toBe('Work plan');
    expect(featuresOf(`Formation de PHQ\n${body}`)).toEqual(expect.arrayContaining(['h:hqp', 'h:train']));
  });

  it('gives the detector the features it was trained on for a French passage', () => {
    const features = featuresOf(FRENCH);
    // Who acts and whether it is planned (ADR 0800), and English stems.
    expect(features).toEqual(
      expect.arrayContaining(['f:we', 'f:will', 'f:i', '#p', 's:develop', 's:collabor']),
    );
  });

  it('a glossary without forms or tense matches whole words only (the finder’s, ADR 1087)', () => {
    const glossary = makeGlossary({ objectif: 'objective', 'santé mentale': 'mental health' });
    expect(glossFrench('Objectif : la santé mentale des objectifs', glossary)).toBe(
      'Objective : mental health objectifs',
    );
  });
});
