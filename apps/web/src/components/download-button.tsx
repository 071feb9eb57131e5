import { downloadFile } from '../lib/download.ts';
import { Button } from './ui/button.tsx';

const FILE_ALERTS = { failed: 'Failed to download file', error: 'Error downloading file' };
const PDF_ALERTS = { failed: 'Failed to download PDF', error: 'Error downloading PDF' };

/** Downloads a file and, if it fails, shows the spec §8 alert: the PDF ones for a PDF, else the file ones. */
export async function downloadWithAlert(url: string, name: string) {
  const alerts = name.endsWith('.pdf') ? PDF_ALERTS : FILE_ALERTS;
  const result = await downloadFile(url, name);
  if (result === 'failed') window.alert(alerts.failed);
  if (result === 'error') window.alert(alerts.error);
}

/** A table row's download button (the dashboard's panels). */
export function DownloadButton({
  url,
  name,
  label,
  variant = 'secondary',
}: {
  url: string;
  name: string;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <Button size="sm" variant={variant} onClick={() => void downloadWithAlert(url, name)}>
      {label}
    </Button>
  );
}
