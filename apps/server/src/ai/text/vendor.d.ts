// The two language libraries ship no types; only what the text layer calls is declared.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  export function newStemmer(language: string): Stemmer;
  export function algorithms(): string[];
}

declare module 'stopword' {
  export const eng: string[];
  export const fra: string[];
}
