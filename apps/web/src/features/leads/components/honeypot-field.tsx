import { HONEYPOT_FIELD } from '@grantleaf/shared/leads.schema';

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
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
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
