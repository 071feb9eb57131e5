import { clsx } from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { buttonClass } from './button.tsx';

/**
 * A header's actions: a row from `md` up; on a phone one "Menu" button that shows them as a
 * column under the header. The actions are rendered once, so each keeps one accessible name.
 */
export function CollapsingActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className={clsx(buttonClass('secondary', 'sm'), 'md:hidden')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <nav
        id={panelId}
        aria-label={label}
        className={clsx(
          'w-full flex-col items-stretch gap-2 md:flex md:w-auto md:flex-row md:items-center md:gap-3',
          open ? 'flex' : 'hidden',
        )}
      >
        {children}
      </nav>
    </>
  );
}
