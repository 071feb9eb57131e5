import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'blue' | 'grey' | 'orange';

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-blue-100 text-blue-900',
  grey: 'bg-slate-100 text-slate-800',
  orange: 'bg-orange-100 text-orange-900',
};

export function ToneBadge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-tone={tone}
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
