import type { Language } from '@grantleaf/shared/language';
import { GRANT_SIZES, INTEREST_TYPES, LEAD_ROLES, labelOf } from '@grantleaf/shared/leads.schema';
import { marketingServiceLabel } from '@grantleaf/shared/marketing.constants';
import { NBSP, template, type MailText } from './compose.ts';

/**
 * The confirmations of what a visitor or user asked for (issue 31 §1): the grant-analysis lead,
 * the early-access request, the marketing services request and the affiliate welcome. The English
 * is the text these mails always had. The two lead forms come before any account, so their
 * language is the browser's (Accept-Language); the others follow the account. The choices' French
 * names are written here for Canadian researchers; a value without one keeps the form's label.
 */
const FRENCH_LABEL: Record<string, string> = {
  // Lead roles
  'principal-investigator': 'Chercheuse principale ou chercheur principal',
  postdoc: 'Stagiaire postdoctoral',
  'graduate-student': 'Étudiante ou étudiant aux cycles supérieurs',
  'research-scientist': 'Chercheuse ou chercheur scientifique',
  faculty: 'Membre du corps professoral',
  'research-administrator': 'Administratrice ou administrateur de la recherche',
  other: 'Autre',
  // Grant sizes
  'under-50k': `Moins de 50${NBSP}k$`,
  '50k-250k': `50${NBSP}k$ à 250${NBSP}k$`,
  '250k-1m': `250${NBSP}k$ à 1${NBSP}M$`,
  '1m-5m': `1${NBSP}M$ à 5${NBSP}M$`,
  'over-5m': `Plus de 5${NBSP}M$`,
  // Early-access interests
  early_access: 'Accès anticipé pour utilisation',
  affiliate_marketing: 'Marketing d’affiliation',
  distributor: 'Distribution',
  media: 'Médias',
  investor: 'Investissement',
  // Marketing services
  outreach: `Prospection (jusqu’à 125${NBSP}000${NBSP}courriels par mois)`,
  'cold-calls': 'Appels de prospection',
  'social-media-post-share': 'Partage de publications sur les réseaux sociaux',
  'linkedin-post-share': 'Partage de publications sur LinkedIn',
  'find-team-members': 'Trouver des membres d’équipe de recherche dans votre université',
  'find-study-participants': 'Trouver des participants à une étude',
  'find-trial-partners': 'Trouver des partenaires d’essais de recherche',
};
const fr = (value: string, english: string) => FRENCH_LABEL[value] ?? english;

function leadAckText(language: Language, v: { role: string; grantSize: string }): MailText {
  const role = labelOf(LEAD_ROLES, v.role);
  const size = labelOf(GRANT_SIZES, v.grantSize);
  if (language === 'fr')
    return {
      subject: 'Votre demande d’analyse de subvention gratuite',
      text: [
        'Bonjour,',
        '',
        'Merci d’avoir demandé une analyse gratuite de votre demande de subvention à Grantleaf.',
        `Nous vous enverrons votre analyse dans les 24${NBSP}heures.`,
        '',
        `Rôle${NBSP}: ${fr(v.role, role)}`,
        `Taille de la subvention${NBSP}: ${fr(v.grantSize, size)}`,
        '',
        'Si vous n’avez pas fait cette demande, ne tenez pas compte de ce courriel.',
      ].join('\n'),
    };
  return {
    subject: 'Your free grant analysis request',
    text: [
      'Hello,',
      '',
      'Thank you for requesting a free grant analysis from Grantleaf.',
      "We'll send your grant analysis within 24 hours.",
      '',
      `Role: ${role}`,
      `Grant size: ${size}`,
      '',
      'If you did not make this request, you can ignore this e-mail.',
    ].join('\n'),
  };
}

function earlyAccessAckText(language: Language, v: { interestType: string }): MailText {
  const interest = labelOf(INTEREST_TYPES, v.interestType);
  if (language === 'fr')
    return {
      subject: 'Votre demande d’accès anticipé à l’assistant vocal',
      text: [
        'Bonjour,',
        '',
        'Nous avons bien reçu votre demande d’accès anticipé et vous écrirons bientôt.',
        '',
        `Intérêt${NBSP}: ${fr(v.interestType, interest)}`,
        '',
        'Si vous n’avez pas fait cette demande, ne tenez pas compte de ce courriel.',
      ].join('\n'),
    };
  return {
    subject: 'Your voice assistant early access request',
    text: [
      'Hello,',
      '',
      "We've received your early access request and will be in touch soon.",
      '',
      `Interest: ${interest}`,
      '',
      'If you did not make this request, you can ignore this e-mail.',
    ].join('\n'),
  };
}

function marketingAckText(
  language: Language,
  v: {
    /** Null when the address is unverified: then nothing the user typed goes into the mail (ADR 231). */
    typed: { name: string; phone: string; contactEmail: string } | null;
    services: string[];
  },
): MailText {
  if (language === 'fr')
    return {
      subject: 'Nous avons reçu votre demande de services de marketing',
      text: [
        v.typed ? `Bonjour ${v.typed.name},` : 'Bonjour,',
        '',
        'Merci de votre demande de services de marketing. Notre équipe communiquera avec vous sous peu.',
        '',
        `Services demandés${NBSP}:`,
        ...v.services.map((s) => `- ${fr(s, marketingServiceLabel(s))}`),
        ...(v.typed
          ? ['', `Téléphone${NBSP}: ${v.typed.phone}`, `Courriel de contact${NBSP}: ${v.typed.contactEmail}`]
          : []),
      ].join('\n'),
    };
  return {
    subject: 'We received your marketing services request',
    text: [
      v.typed ? `Hello ${v.typed.name},` : 'Hello,',
      '',
      'Thank you for your marketing services request. Our team will contact you shortly.',
      '',
      'Services requested:',
      ...v.services.map((s) => `- ${marketingServiceLabel(s)}`),
      ...(v.typed ? ['', `Phone: ${v.typed.phone}`, `Contact email: ${v.typed.contactEmail}`] : []),
    ].join('\n'),
  };
}

function affiliateWelcomeText(
  language: Language,
  v: { name: string; percent: number; link: string; code: string },
): MailText {
  if (language === 'fr')
    return {
      subject: 'Bienvenue au programme d’affiliation de Grantleaf',
      text: [
        `Bonjour ${v.name},`,
        '',
        `Vous êtes maintenant affilié à Grantleaf. Vous touchez ${v.percent}${NBSP}% des revenus de chaque utilisateur qui s’inscrit par votre lien${NBSP}:`,
        v.link,
        '',
        `Votre code de parrainage${NBSP}: ${v.code}`,
      ].join('\n'),
    };
  return {
    subject: 'Welcome to the Grantleaf affiliate program',
    text: [
      `Hello ${v.name},`,
      '',
      `You are now a Grantleaf affiliate. You earn ${v.percent}% of the revenue from every user who signs up through your link:`,
      v.link,
      '',
      `Your referral code: ${v.code}`,
    ].join('\n'),
  };
}

export const leadAckMail = template(leadAckText);
export const earlyAccessAckMail = template(earlyAccessAckText);
export const marketingAckMail = template(marketingAckText);
export const affiliateWelcomeMail = template(affiliateWelcomeText);
