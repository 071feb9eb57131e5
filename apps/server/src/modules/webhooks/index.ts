/** Other modules post their events to the user's automation webhook through here (ADR 53). */
export { deliverAutomationWebhook } from './automation-webhook.ts';
