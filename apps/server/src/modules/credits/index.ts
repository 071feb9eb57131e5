/**
 * The ledger door (ADR 53): the only ledger writes other modules get, each with its own reason,
 * in the caller's transaction. The general writer, applyLedgerChange, is not exported.
 */
export {
  creditPurchase,
  grantVerificationCredit,
  refundPaidWork,
  spendOnPaidWork,
  takeBackRefundedPurchase,
  type PaidWorkCharge,
  type PurchaseCredit,
} from './credits.service.ts';
