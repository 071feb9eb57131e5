import { Dialog } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import '../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../i18n/index.ts';

const FIELDS = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const CONTROLS = `${FIELDS}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

function firstControl(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>(FIELDS) ?? container.querySelector<HTMLElement>(CONTROLS);
}

/**
 * A titled dialog on radix (focus trap, Escape, aria wiring); the caller owns `open`. On a phone
 * it is a full-screen sheet, from `sm` up a centred card. Every dialog has a close button.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  // The callers open dialogs from their own buttons, not a Dialog.Trigger, so radix has nothing
  // to give focus back to: remember what had focus when the dialog opened (a layout effect runs
  // before radix moves focus into the dialog) and return there on close.
  const { t } = useTranslation();
  const opener = useRef<HTMLElement | null>(null);
  const body = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className={`fixed inset-0 z-50 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-6 ${wide ? 'sm:max-w-3xl' : 'sm:max-w-lg'}`}
          onOpenAutoFocus={(event) => {
            // Radix would focus the first tabbable element, the × in the header; a dialog opens to
            // its first field instead (issue 28 item 17), or its first control when it has none.
            const target = body.current ? firstControl(body.current) : null;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('modal.dismiss')}
              className="-m-1 shrink-0 rounded p-1 text-xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          )}
          <div ref={body} className="mt-4">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
