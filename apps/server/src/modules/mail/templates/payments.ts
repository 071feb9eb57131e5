import type { Language } from '@grantleaf/shared/language';
import { formatMoney } from '@grantleaf/shared/pricing';
import { frenchDate, NBSP, template, type MailText } from './compose.ts';

/**
 * The purchase receipt and the money-back guarantee's e-mails (issue 31 §1) in the buyer's
 * interface language. The English is the text these mails always had, character for character;
 * the French gives amounts as Canadian French writes them ("29,00 $") and dates as "5 janvier 2027".
 */
const frenchNumber = new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 1 });
/** "1 crédit", "1,5 crédit", "2 crédits" (French puts the plural from 2). */
export const frenchCredits = (n: number) => `${frenchNumber.format(n)}${NBSP}crédit${n >= 2 ? 's' : ''}`;
const frMoney = (cents: number, currency: string) => formatMoney(cents, currency, 'fr-CA', 'symbol');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function receiptText(
  language: Language,
  v: {
    name: string;
    credits: number;
    amountCents: number;
    taxCents: number | null;
    currency: string;
    paidAt: Date;
    reference: string;
    receiptUrl: string | null;
    accountUrl: string;
    refundDays: number;
  },
): MailText {
  if (language === 'fr')
    return {
      subject: 'Votre reçu Grantleaf',
      text: [
        `Bonjour ${v.name},`,
        '',
        `Merci de votre achat. ${frenchCredits(v.credits)} ${v.credits >= 2 ? 'ont été ajoutés' : 'a été ajouté'} à votre compte Grantleaf.`,
        '',
        `Montant${NBSP}: ${frMoney(v.amountCents, v.currency)}${v.taxCents ? ` + taxes ${frMoney(v.taxCents, v.currency)}` : ''}`,
        `Date${NBSP}: ${frenchDate(isoDay(v.paidAt))}`,
        `Référence${NBSP}: ${v.reference}`,
        ...(v.receiptUrl ? [`Reçu${NBSP}: ${v.receiptUrl}`] : []),
        '',
        `Vos achats et vos reçus${NBSP}: ${v.accountUrl}`,
        `Vous n’économisez pas au moins 20${NBSP}heures sur votre première demande de subvention? Demandez un remboursement dans les ${v.refundDays}${NBSP}jours à partir de cette page.`,
      ].join('\n'),
    };
  return {
    subject: 'Your Grantleaf receipt',
    text: [
      `Hello ${v.name},`,
      '',
      `Thank you for your purchase. ${v.credits} credits were added to your Grantleaf account.`,
      '',
      `Amount: ${formatMoney(v.amountCents, v.currency)}${v.taxCents ? ` + tax ${formatMoney(v.taxCents, v.currency)}` : ''}`,
      `Date: ${isoDay(v.paidAt)}`,
      `Reference: ${v.reference}`,
      ...(v.receiptUrl ? [`Receipt: ${v.receiptUrl}`] : []),
      '',
      `Your purchases and receipts: ${v.accountUrl}`,
      `Not saving at least 20 hours on your first application? Ask for a refund within ${v.refundDays} days from that page.`,
    ].join('\n'),
  };
}

function refundRequestedText(
  language: Language,
  v: { name: string; amountCents: number; currency: string; paidAt: Date },
): MailText {
  if (language === 'fr')
    return {
      subject: 'Nous avons reçu votre demande de remboursement',
      text: [
        `Bonjour ${v.name},`,
        '',
        `Nous avons reçu votre demande de remboursement pour l’achat de ${frMoney(v.amountCents, v.currency)} du ${frenchDate(isoDay(v.paidAt))}.`,
        'Un administrateur examine chaque demande; vous recevrez un courriel avec la décision.',
      ].join('\n'),
    };
  return {
    subject: 'We received your refund request',
    text: [
      `Hello ${v.name},`,
      '',
      `We received your refund request for the purchase of ${formatMoney(v.amountCents, v.currency)} on ${isoDay(v.paidAt)}.`,
      'An administrator reviews every request; you will get an e-mail with the decision.',
    ].join('\n'),
  };
}

function refundDecisionText(
  language: Language,
  v: {
    name: string;
    approved: boolean;
    /** Paid amount with tax, in cents: what goes back to the card. */
    refundedCents: number;
    currency: string;
    /** Unspent credits of the purchase taken back from the balance. */
    creditsRemoved: number;
    note: string;
  },
): MailText {
  if (language === 'fr')
    return {
      subject: v.approved
        ? 'Votre remboursement a été approuvé'
        : 'Au sujet de votre demande de remboursement',
      text: [
        `Bonjour ${v.name},`,
        '',
        v.approved
          ? `Nous avons remboursé ${frMoney(v.refundedCents, v.currency)} sur votre carte; le montant paraît habituellement dans un délai de 5 à 10${NBSP}jours ouvrables.${v.creditsRemoved > 0 ? ` ${frenchCredits(v.creditsRemoved)} inutilisé${v.creditsRemoved >= 2 ? 's' : ''} de cet achat ${v.creditsRemoved >= 2 ? 'ont été retirés' : 'a été retiré'} de votre solde.` : ''}`
          : 'Nous avons examiné votre demande de remboursement et ne pouvons pas l’approuver.',
        '',
        `Note de notre équipe${NBSP}: ${v.note}`,
      ].join('\n'),
    };
  return {
    subject: v.approved ? 'Your refund was approved' : 'About your refund request',
    text: [
      `Hello ${v.name},`,
      '',
      v.approved
        ? `We refunded ${formatMoney(v.refundedCents, v.currency)} to your card; it usually appears within 5 to 10 business days.${v.creditsRemoved > 0 ? ` ${v.creditsRemoved} unspent credits from that purchase were removed from your balance.` : ''}`
        : 'We reviewed your refund request and could not approve it.',
      '',
      `Note from our team: ${v.note}`,
    ].join('\n'),
  };
}

export const receiptMail = template(receiptText);
export const refundRequestedMail = template(refundRequestedText);
export const refundDecisionMail = template(refundDecisionText);
