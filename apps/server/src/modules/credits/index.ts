/**
 * The ledger door (ADR 53): the only ledger writes other modules get, each with its own reason,
 * in the caller's transaction. The general writer, applyLedgerChange, is not exported.
 */
export {
  creditPurchase,
  grantRequestedCredits,
  grantVerificationCredit,
  refundPaidWork,
  spendOnPaidWork,
  takeBackRefundedPurchase,
  type PaidWorkCharge,
  type PurchaseCredit,
  type RequestedCredit,
} from './credits.service.ts';
