import { HONEYPOT_FIELD } from '@grantleaf/shared/leads.schema';
import '../../../i18n/leads-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

/**
 * A field people never see and bots fill in. It is moved off screen rather than hidden with
 * display:none, which many bots skip; it is out of the tab order and hidden from screen readers.
 */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{t('leads.honeypot')}</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
