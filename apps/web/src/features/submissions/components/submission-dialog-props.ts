/** The Generate and Analyze dialogs: the dashboard owns `open`; `initial` is a failed try's input. */
export interface SubmissionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The input of a failed submission being tried again; the dashboard keys the dialog by it. */
  initial?: unknown;
}
