/**
 * Every e-mail Grantleaf sends, by name (issue 29 §7, ADR 0860): each returns subject, text and
 * HTML in the recipient's language; services call them and write no mail text of their own
 * (templates.test.ts guards it).
 */
export { type MailContent } from './compose.ts';
export { passwordResetMail, RESET_MAIL_SUBJECTS, verificationMail } from './account.ts';
export { digestMail, reminderMail } from './alerts.ts';
export { selectedMail } from './competition.ts';
export { creditRequestDecisionMail } from './credit-request.ts';
export { ideaFailedMail, ideaReadyMail } from './idea.ts';
export { invitationMail } from './invitation.ts';
export {
  affiliateOperatorMail,
  creditRequestOperatorMail,
  earlyAccessOperatorMail,
  leadOperatorMail,
  marketingOperatorMail,
  VOICE_ASSISTANT_NAME,
} from './operator.ts';
export { receiptMail, refundDecisionMail, refundRequestedMail } from './payments.ts';
export { applicationReminderMail, sredFilingReminderMail } from './reminder.ts';
export { affiliateWelcomeMail, earlyAccessAckMail, leadAckMail, marketingAckMail } from './requests.ts';
export { reviewMail, type ReviewMailAction } from './review.ts';
export { mentionMail, shareMail } from './sharing.ts';
export { submissionMail } from './submission.ts';
