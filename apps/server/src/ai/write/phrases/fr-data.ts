/**
 * Our French for the English sentences of the program data (program-sections.json: a program's
 * rules and its limits' notes) of every program that takes French (issue 31 §2, ADR 1175). They
 * are our own notes about a program, not the funder's words, so they are ours to translate; a
 * sentence with no entry stays English (phrases.test.ts fails when a French program's has none).
 */
export const FR_DATA: Record<string, string> = {
  '4 pages for applications in English, 5 for applications in French (Banting application guide); pages over the limit are removed.':
    '4 pages pour une demande en anglais, 5 pour une demande en français (guide de présentation des demandes Banting); les pages au-delà de la limite sont retirées.',
  'About 2,000 characters.': 'Environ 2 000 caractères.',
  'Alliance asks for a training plan for students and postdoctoral fellows.':
    'Alliance demande un plan de formation des étudiants et des stagiaires postdoctoraux.',
  'Alliance asks how equity, diversity and inclusion are considered in the team and the training plan.':
    'Alliance demande comment l’équité, la diversité et l’inclusion sont prises en compte dans l’équipe et dans le plan de formation.',
  'Discovery weighs the training of highly qualified personnel as one third of the evaluation.':
    'Le programme de subventions à la découverte compte la formation de personnel hautement qualifié pour un tiers de l’évaluation.',
  'Historically 1 page; confirm in the current competition.':
    'Une page aux concours précédents; à confirmer pour le concours en cours.',
  'Historically 2 pages; confirm in the current competition.':
    'Deux pages aux concours précédents; à confirmer pour le concours en cours.',
  'Historically 3,800 characters; confirm in the current competition.':
    '3 800 caractères aux concours précédents; à confirmer pour le concours en cours.',
  'Historically 5 pages; confirm in the current competition.':
    'Cinq pages aux concours précédents; à confirmer pour le concours en cours.',
  'Historically 6 pages; confirm in the current competition.':
    'Six pages aux concours précédents; à confirmer pour le concours en cours.',
  'Historically one page; confirm on the current form.':
    'Une page sur les formulaires précédents; à confirmer sur le formulaire en vigueur.',
  'Insight grants weigh student training as part of feasibility.':
    'Les subventions Savoir évaluent la formation des étudiants dans le cadre de la faisabilité.',
  'NSERC asks how EDI is considered in the training of HQP.':
    'Le CRSNG demande comment l’EDI est prise en compte dans la formation du PHQ.',
  'One page on recent forms; confirm on the current form.':
    'Une page sur les formulaires récents; à confirmer sur le formulaire en vigueur.',
  'SSHRC evaluates the quality of training, mentoring and employability plans for students and emerging scholars as an important part of a Partnership Development Grant.':
    'Le CRSH accorde une place importante, dans une subvention de développement de partenariat, à la qualité des plans de formation, de mentorat et d’employabilité des étudiants et des chercheurs émergents.',
  "The proposal's page limit depends on the amount requested from NSERC (Alliance FAQ); 10 pages is assumed here.":
    'La limite de pages de la proposition dépend du montant demandé au CRSNG (FAQ d’Alliance); 10 pages sont retenues ici.',
};
