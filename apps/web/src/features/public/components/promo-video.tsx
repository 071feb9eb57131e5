import { useState } from 'react';
import { readEnglish, useTranslation } from '../../../i18n/index.ts';

function withAutoplay(url: string) {
  const u = new URL(url);
  u.searchParams.set('autoplay', '1');
  return u.toString();
}

function VideoPoster() {
  const { t } = useTranslation();
  return (
    <svg viewBox="0 0 640 360" className="h-full w-full" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="poster-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14532d" />
          <stop offset="1" stopColor="#166534" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill="url(#poster-bg)" />
      <rect x="70" y="60" width="300" height="230" rx="10" fill="#ffffff" opacity="0.95" />
      <rect x="95" y="90" width="180" height="14" rx="4" fill="#15803d" />
      {[125, 150, 175, 200, 225].map((y, i) => (
        <rect key={y} x="95" y={y} width={i % 2 ? 200 : 240} height="9" rx="3" fill="#cbd5e1" />
      ))}
      <rect x="95" y="252" width="110" height="22" rx="5" fill="#15803d" />
      <rect x="400" y="80" width="170" height="90" rx="10" fill="#dcfce7" />
      <text
        x="485"
        y="125"
        textAnchor="middle"
        fontSize="30"
        fontWeight="700"
        fill="#14532d"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.poster.full')}
      </text>
      <text
        x="485"
        y="152"
        textAnchor="middle"
        fontSize="13"
        fill="#14532d"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.poster.covered')}
      </text>
      <rect x="400" y="190" width="170" height="90" rx="10" fill="#f0fdf4" />
      <text
        x="485"
        y="235"
        textAnchor="middle"
        fontSize="30"
        fontWeight="700"
        fill="#14532d"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.poster.day')}
      </text>
      <text
        x="485"
        y="262"
        textAnchor="middle"
        fontSize="13"
        fill="#14532d"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.poster.draft')}
      </text>
    </svg>
  );
}

/** The tour button's English (its text is the catalogue's `landing.tour`). */
export const TOUR_CTA = readEnglish('landing.tour');

/**
 * Click-to-load: the poster is part of the app, so the page makes no request to the video host
 * until the visitor asks for the video.
 */
export function PromoVideo({
  url,
  title,
  caption,
  onTour,
}: {
  url: string | null | undefined;
  title: string;
  caption: string;
  /** Without a configured video the poster opens the product tour on the page instead. */
  onTour: () => void;
}) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (playing && url) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-black shadow-lg">
        <iframe
          src={withAutoplay(url)}
          title={title}
          className="h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl shadow-lg">
      <VideoPoster />
      {url ? (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/10 text-white focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
          aria-label={t('landing.playVideo', { title })}
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 shadow-lg transition-transform group-hover:scale-105">
            <svg viewBox="0 0 24 24" className="ml-1 h-8 w-8 fill-brand-800" aria-hidden="true">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="rounded bg-slate-900/80 px-3 py-1 text-sm font-medium">{caption}</span>
        </button>
      ) : (
        <button
          type="button"
          onClick={onTour}
          className="group absolute inset-0 flex flex-col items-center justify-end gap-3 pb-3 text-white focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-white"
        >
          <span className="rounded bg-slate-900/80 px-3 py-1 text-sm font-medium group-hover:bg-slate-900">
            {t('landing.tour')}
          </span>
        </button>
      )}
    </div>
  );
}
