import { downloadFile } from '../lib/download.ts';
import '../i18n/dashboard-catalogue.ts';
import { t } from '../i18n/index.ts';
import { Button } from './ui/button.tsx';

/** Downloads a file and, if it fails, shows the spec §8 alert: the PDF ones for a PDF, else the file ones. */
export async function downloadWithAlert(url: string, name: string) {
  const pdf = name.endsWith('.pdf');
  const result = await downloadFile(url, name);
  if (result === 'failed') window.alert(pdf ? t('table.pdfFailed') : t('table.fileFailed'));
  if (result === 'error') window.alert(pdf ? t('table.pdfError') : t('table.fileError'));
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
