/**
 * The finder's words for sectors, purposes and a request's asks (issue 14 §3), and the tokenizer
 * text relevance uses. Who and where are read by ai/read (the rules' reading), not here.
 */

export const SECTORS = {
  // Physicians, EEG and the brain name health work: a device for them is NIH's SBIR before NSF's.
  health:
    /\b(health\w*|medic\w*|clinic\w*|patients?|disease\w*|cancer|oncolog\w*|tumou?r\w*|biomedic\w*|hospital\w*|therap\w*|drugs?|pharma\w*|diagnos\w*|epidemiolog\w*|nursing|mental health|dementia|diabetes|cardio\w*|vaccin\w*|antibod\w*|biotherap\w*|biologics|biopharm\w*|cihr|nih|physicians?|eeg|electroencephalogra\w*|brain|neuro\w*)\b/g,
  cancer: /\b(cancer\w*|oncolog\w*|tumou?r\w*|leukemia|lymphoma|carcinoma|metasta\w*)\b/g,
  defence:
    /\b(defen[cs]e|military|army|navy|naval|air force|dod|darpa|warfighter\w*|soldiers?|battlefield|missile\w*|department of war|national security)\b/g,
  // Rockets and their engines are space work (NASA's Stennis tests them), not only defence's missiles.
  space:
    /\b(nasa|space\w*|satellite\w*|orbit\w*|aerospace|lunar|planetary|spacecraft|rockets?|rocket engines?|propulsion)\b/g,
  // "Energy-based" names a method (energy-based acoustic measurement, energy-based models), not the sector.
  energy:
    /\b(energy(?!-based)|clean[- ]?tech\w*|cleantech|clean technology|renewable\w*|solar|wind turbine\w*|batter(y|ies)|hydrogen|fuel cells?|grid|emission\w*|carbon capture|decarboni\w*|climate|nuclear|fusion|electrolys\w*|doe)\b/g,
  agriculture:
    /\b(agri\w*|farm\w*|crops?|soils?|livestock|food|forest\w*|aquaculture|fisher\w*|usda|plant breeding|rural)\b/g,
  social:
    /\b(social science\w*|humanities|sociolog\w*|histor(y|ical)|anthropolog\w*|linguistic\w*|language revitali[sz]ation|oral histor\w*|qualitative|philosoph\w*|education\w*|pedagog\w*|policy studies|economics|cultur\w*|literature|literary|sshrc|psycholog\w*|societal)\b/g,
  genomics: /\b(genom\w*|genetic\w*|sequencing|crispr|bioinformatic\w*)\b/g,
  natural:
    /\b(physics|chemistry|mathematic\w*|engineering|materials? science|computer science|geolog\w*|ecolog\w*|natural sciences?|nserc|nsf|quantum|robotic\w*|photonic\w*|algorithm\w*|machine learning|artificial intelligence)\b/g,
} as const;

// Sectors that make a program specific: a program only about these suits only requests about them.
export const SPECIFIC: Sector[] = [
  'health',
  'cancer',
  'defence',
  'space',
  'energy',
  'agriculture',
  'social',
  'genomics',
];

export const SECTOR_WORDS: Record<Sector, string> = {
  health: 'health research',
  cancer: 'cancer research',
  defence: 'defence and national security',
  space: 'space and aerospace',
  energy: 'energy and clean technology',
  agriculture: 'agriculture and food',
  social: 'the social sciences and humanities',
  genomics: 'genomics',
  natural: 'the natural sciences and engineering',
};

export const PHASE_ONE =
  /\b(phase i award\w*|phase 1 award\w*|completed phase (i|1)|phase i (sbir|sttr)|our phase i)\b/g;
export const EXPORT =
  /\b(export\w*|international markets?|foreign markets?|expand (abroad|internationally))\b/g;
export const TAX =
  /\b(tax credits?|r&d spend\w*|r&d expenditure\w*|sr&ed|payroll|engineers on staff|in-house r&d|research and development spending)\b/g;

export const RND =
  /\b(r&d|research|develop\w*|technolog\w*|prototyp\w*|platform|innovat\w*|engineer\w*|novel)\b/g;
export const FINANCE =
  /\b(loans?|financing|investors?|investment|equity|accelerator|seed round|working capital)\b/g;

export const STOPWORDS = new Set(
  'a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves research project projects program programs team work working using use based new develop developing development study studies via within across including include includes per one two three year years eligible must may grant grants funding fund funds support supports university universities professor associate assistant lab laboratory postdoc postdocs phd student students graduate faculty college hospital company companies startup startups employees employee founded founder founders ceo cto small business businesses incorporated need needs want seeking type people'.split(
    ' ',
  ),
);

export type Sector = keyof typeof SECTORS;

export const hits = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[0]);

/** A crude English stemmer: enough to match "sensors" with "sensor" and "imaging" with "image". */
export function stem(word: string): string {
  let w = word;
  for (const suffix of [
    'ational',
    'ations',
    'ation',
    'ments',
    'ment',
    'ings',
    'ing',
    'ies',
    'ers',
    'ed',
    'es',
    's',
  ]) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length) + (suffix === 'ies' ? 'y' : '');
      break;
    }
  }
  return w;
}

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9&+-]*[a-z0-9]|[a-z]/g) ?? [])
    .filter((t) => t.length > 2 && !STOPWORDS.has(t) && !/^\d+$/.test(t))
    .map(stem);
}
