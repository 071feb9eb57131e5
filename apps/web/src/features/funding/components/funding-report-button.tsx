import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFundingReport } from '../api/funding.api.ts';

/** Downloads a completed search's recommendations as a PDF (spec §3, §8 'Error downloading funding results'). */
export function FundingReportButton({
  requestId,
  disabled = false,
}: {
  requestId: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFundingReport(requestId);
        } catch {
          window.alert('Error downloading funding results');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? 'Preparing...' : 'Download Report'}
    </Button>
  );
}
