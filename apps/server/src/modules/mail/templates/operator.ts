import { GRANT_SIZES, INTEREST_TYPES, LEAD_ROLES, labelOf } from '@grantleaf/shared/leads.schema';
import { operatorTemplate } from './compose.ts';

/**
 * The mails to the team (ADR 0860): a new lead, early-access request, affiliate, marketing
 * request or credit request. English only (operatorTemplate); the text these mails always had.
 */
/** The voice assistant's name, as the lead page gives it. */
export const VOICE_ASSISTANT_NAME = 'Zeno';

export const leadOperatorMail = operatorTemplate(
  (v: { email: string; role: string; organization: string; grantSize: string; message: string | null }) => ({
    subject: `New grant analysis request from ${v.email}`,
    text: [
      `Email: ${v.email}`,
      `Role: ${labelOf(LEAD_ROLES, v.role)}`,
      `Organization: ${v.organization}`,
      `Grant size: ${labelOf(GRANT_SIZES, v.grantSize)}`,
      `Message: ${v.message ?? '(none)'}`,
      '',
      'Set its status in the admin area: /admin/leads',
    ].join('\n'),
  }),
);

export const earlyAccessOperatorMail = operatorTemplate(
  (v: { name: string; email: string; phoneNumber: string; interestType: string; message: string }) => ({
    subject: `New ${VOICE_ASSISTANT_NAME} early access request from ${v.email}`,
    text: [
      `Name: ${v.name}`,
      `Email: ${v.email}`,
      `Phone: ${v.phoneNumber}`,
      `Interest: ${labelOf(INTEREST_TYPES, v.interestType)}`,
      `Message: ${v.message}`,
    ].join('\n'),
  }),
);

export const affiliateOperatorMail = operatorTemplate(
  (v: { name: string; email: string; userId: string; phone: string; code: string }) => ({
    subject: `New affiliate: ${v.name}`,
    text: [`User: ${v.name} <${v.email}> (${v.userId})`, `Phone: ${v.phone}`, `Code: ${v.code}`].join('\n'),
  }),
);

export const marketingOperatorMail = operatorTemplate(
  (v: {
    name: string;
    email: string;
    userId: string;
    phone: string;
    contactEmail: string;
    services: string[];
    description: string;
  }) => ({
    subject: `New marketing request from ${v.name}`,
    text: [
      `User: ${v.name} <${v.email}> (${v.userId})`,
      `Phone: ${v.phone}`,
      `Contact email: ${v.contactEmail}`,
      'Services:',
      ...v.services.map((s) => `- ${s}`),
      '',
      'Description:',
      v.description || '(none)',
    ].join('\n'),
  }),
);

export const creditRequestOperatorMail = operatorTemplate(
  (v: {
    name: string;
    email: string;
    kind: 'credits' | 'invoice';
    credits: number;
    organisation: string;
    purchaseOrder: string;
    message: string;
    adminUrl: string;
  }) => {
    const what =
      v.kind === 'invoice'
        ? `an invoice for ${v.credits} credits to ${v.organisation}${v.purchaseOrder ? ` (purchase order ${v.purchaseOrder})` : ''}`
        : `${v.credits} credits`;
    return {
      subject: `Credit request from ${v.name}`,
      text: [
        `${v.name} <${v.email}> asks for ${what}.`,
        ...(v.message ? ['', v.message] : []),
        '',
        `Approve or decline it on ${v.adminUrl}`,
      ].join('\n'),
    };
  },
);
