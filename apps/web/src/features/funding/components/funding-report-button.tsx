import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { fundingReportUrl } from '../api/funding.api.ts';

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
        const outcome = await downloadFile(fundingReportUrl(requestId), 'funding-report.pdf');
        setBusy(false);
        if (outcome !== 'ok') window.alert('Error downloading funding results');
      }}
    >
      {busy ? 'Preparing...' : 'Download Report'}
    </Button>
  );
}
