/**
 * One evaluation suite of `npm run eval`: it measures one part of the product on real material
 * and returns the lines to print (each a figure with what it means). A report, not a test gate:
 * a suite never throws for a poor figure, only for material it cannot read.
 */
export interface EvalLine {
  /** What is measured, e.g. "ordering agreement with outcomes". */
  metric: string;
  /** The figure as a person reads it, e.g. "0.42 (27 of 64 funded/unfunded pairs)". */
  value: string;
}

export interface EvalSuite {
  name: string;
  run(context: EvalContext): Promise<EvalLine[]>;
}

export interface EvalContext {
  /** Folder of the third-party texts (shared/eval-corpus beside the repository by default). */
  corpusDir: string;
  log(message: string): void;
}
