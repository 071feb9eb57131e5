/**
 * Federal French typography for the writer's and the checks' sentences (fr.ts, fr-check.ts): a
 * no-break space before a colon and inside « », none before ? or ; (Le guide du rédacteur).
 */
export const NB = '\u00a0';
export const quote = (t: string) => `«${NB}${t}${NB}»`;
export const colon = `${NB}:`;
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
/** A count in fr-CA figures (1 234, a no-break space between groups). */
export const figures = (v: number) => new Intl.NumberFormat('fr-CA').format(v);
