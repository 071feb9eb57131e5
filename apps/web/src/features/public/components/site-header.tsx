import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import { useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/index.ts';

type NavLabel = 'features' | 'programs' | 'faq' | 'security' | 'privacy';
type NavItem = { label: NavLabel; anchor: string } | { label: NavLabel; to: string };

const NAV: NavItem[] = [
  { label: 'features', anchor: 'features' },
  { label: 'programs', anchor: 'programs' },
  { label: 'faq', to: '/faqs' },
  { label: 'security', to: '/security-faq' },
  { label: 'privacy', to: '/privacy-policy' },
];

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={clsx('flex items-center gap-2 text-lg font-bold text-brand-900', className)}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#15803d" />
        <path d="M9 22c0-8 6-13 14-13-1 8-6 14-14 13z" fill="#dcfce7" />
        <path d="M9 23l8-8" stroke="#15803d" strokeWidth="2" strokeLinecap="round" />
      </svg>
      Grantleaf
    </Link>
  );
}

/** Scrolls to a landing section and moves keyboard focus there, so the next Tab continues from it. */
export function goToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({
    behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
  target.focus({ preventScroll: true });
  window.history.replaceState(null, '', `#${id}`);
}

const linkClass = 'rounded px-2 py-1 text-sm font-medium text-slate-800 hover:text-brand-800 hover:underline';

/**
 * Sticky top bar (spec §2). From 768 px the links sit in the bar; below that they move into a
 * slide-out side panel (a Radix dialog: focus is trapped, Escape closes, focus returns).
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pendingAnchor = useRef<string | null>(null);

  function onAnchor(event: MouseEvent<HTMLAnchorElement>, anchor: string, inPanel: boolean) {
    event.preventDefault();
    if (inPanel) {
      // The section is focused once the panel has closed and released focus and scrolling.
      pendingAnchor.current = anchor;
      setOpen(false);
    } else {
      goToSection(anchor);
    }
  }

  const links = (inPanel: boolean) =>
    NAV.map((item) =>
      'anchor' in item ? (
        <a
          key={item.label}
          href={`/#${item.anchor}`}
          onClick={(e) => onAnchor(e, item.anchor, inPanel)}
          className={clsx(linkClass, inPanel && 'block py-3 text-base')}
        >
          {t(`publicHeader.${item.label}`)}
        </a>
      ) : (
        <Link
          key={item.label}
          to={item.to}
          onClick={() => setOpen(false)}
          className={clsx(linkClass, inPanel && 'block py-3 text-base')}
        >
          {t(`publicHeader.${item.label}`)}
        </Link>
      ),
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label={t('publicHeader.main')} className="hidden items-center gap-1 md:flex">
          {links(false)}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch />
          <Link to="/login" className={buttonClass('ghost', 'sm')}>
            {t('publicHeader.signIn')}
          </Link>
          <Link to="/register" className={buttonClass('primary', 'sm')}>
            {t('publicHeader.getStarted')}
          </Link>
        </div>
        <LanguageSwitch className="ml-auto md:hidden" />
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <button
              type="button"
              className={clsx(buttonClass('ghost', 'sm'), 'md:hidden')}
              aria-label={t('publicHeader.openMenu')}
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                <path
                  d="M4 6h16M4 12h16M4 18h16"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
            <Dialog.Content
              className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-5 shadow-xl transition-transform duration-200 starting:translate-x-full focus:outline-none motion-reduce:transition-none md:hidden"
              onCloseAutoFocus={(event) => {
                const anchor = pendingAnchor.current;
                if (!anchor) return;
                pendingAnchor.current = null;
                event.preventDefault();
                goToSection(anchor);
              }}
            >
              <div className="flex items-center justify-between">
                <Dialog.Title className="text-lg font-bold text-slate-900">
                  {t('publicHeader.menu')}
                </Dialog.Title>
                <Dialog.Close asChild>
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    aria-label={t('publicHeader.closeMenu')}
                  >
                    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                      <path
                        d="M6 6l12 12M18 6L6 18"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                      />
                    </svg>
                  </button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">{t('publicHeader.siteNavigation')}</Dialog.Description>
              <nav aria-label={t('publicHeader.main')} className="mt-4 flex flex-col">
                {links(true)}
              </nav>
              <div className="mt-6 flex flex-col gap-3">
                <Link to="/login" onClick={() => setOpen(false)} className={buttonClass('secondary')}>
                  {t('publicHeader.signIn')}
                </Link>
                <Link to="/register" onClick={() => setOpen(false)} className={buttonClass('primary')}>
                  {t('publicHeader.getStarted')}
                </Link>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}
