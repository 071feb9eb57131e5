// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { englishLeftIn, textByNode } from './french.ts';

// The French tests' one check (issue 31): it must see English a heading's text runs into.

const find = englishLeftIn(
  { pricing: { title: 'Pricing', details: 'Pricing details' } },
  { pricing: { title: 'Tarifs', details: 'Détails des tarifs' } },
);

const page = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

describe('englishLeftIn on an element', () => {
  it('finds English that follows a French heading with no space between them', () => {
    // textContent reads "TarifsPricing details": no whole word "Pricing" in it.
    expect(find(page('<h2>Tarifs</h2><p>Pricing details</p>'))).toEqual(['Pricing', 'Pricing details']);
  });

  it('leaves out what is marked lang="en", and finds nothing in French', () => {
    expect(find(page('<h2>Tarifs</h2><p lang="en"><span>Pricing details</span></p>'))).toEqual([]);
    expect(find(page('<h2>Tarifs</h2><p>Détails des tarifs</p>'))).toEqual([]);
  });
});

describe('textByNode', () => {
  it('puts each text node on its own line, optionally without lang="en" parts', () => {
    const root = page('<h2>Tarifs</h2><p>Voir <b lang="en">Pricing</b> ici</p>');
    expect(textByNode(root)).toBe('Tarifs\nVoir \nPricing\n ici');
    expect(textByNode(root, { skipEnglish: true })).toBe('Tarifs\nVoir \n ici');
  });
});
