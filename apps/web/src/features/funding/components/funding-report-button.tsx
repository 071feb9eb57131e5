import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import '../../../i18n/funding-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
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
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        const outcome = await downloadFile(fundingReportUrl(requestId), 'funding-report.pdf');
        setBusy(false);
        if (outcome !== 'ok') window.alert(t('fundingSearches.downloadFailed'));
      }}
    >
      {busy ? t('fundingSearches.preparing') : t('fundingSearches.download')}
    </Button>
  );
}
