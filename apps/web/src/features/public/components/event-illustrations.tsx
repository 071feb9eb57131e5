import { useTranslation } from '../../../i18n/index.ts';

/**
 * The event "photos" are drawings made for the site (SVG in the bundle): no stock images and no
 * request to another host.
 */
const SKIN = ['#f1c9a5', '#c68642', '#8d5524', '#e0ac69', '#ffdbac'];
const SHIRT = ['#15803d', '#1d4ed8', '#b45309', '#7c3aed', '#0f766e', '#be123c'];

function Person({ x, y, scale = 1, i }: { x: number; y: number; scale?: number; i: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M-22 60 Q-22 22 0 22 Q22 22 22 60 Z" fill={SHIRT[i % SHIRT.length]} />
      <circle cx="0" cy="6" r="14" fill={SKIN[i % SKIN.length]} />
      <path d="M-14 2 Q0 -16 14 2 Q10 -8 0 -8 Q-10 -8 -14 2Z" fill="#1f2937" />
    </g>
  );
}

function Workshop() {
  const { t } = useTranslation();
  return (
    <>
      <rect width="400" height="260" fill="#f0fdf4" />
      <rect x="40" y="28" width="200" height="110" rx="6" fill="#ffffff" stroke="#15803d" strokeWidth="3" />
      <text
        x="140"
        y="62"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill="#14532d"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.scene.workshop')}
      </text>
      {[80, 96, 112].map((y) => (
        <rect key={y} x="70" y={y} width="140" height="7" rx="3" fill="#bbf7d0" />
      ))}
      <Person x={300} y={80} scale={1.3} i={0} />
      <rect x="20" y="200" width="360" height="14" rx="4" fill="#a16207" />
      {[60, 130, 200, 270, 340].map((x, i) => (
        <Person key={x} x={x} y={150} i={i + 1} />
      ))}
    </>
  );
}

function Panel() {
  const { t } = useTranslation();
  return (
    <>
      <rect width="400" height="260" fill="#eff6ff" />
      <rect x="30" y="24" width="340" height="40" rx="6" fill="#1e3a8a" />
      <text
        x="200"
        y="50"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.scene.panel')}
      </text>
      {[90, 170, 250, 330].map((x, i) => (
        <Person key={x} x={x} y={100} i={i + 2} />
      ))}
      <rect x="40" y="160" width="320" height="24" rx="4" fill="#334155" />
      {[90, 170, 250, 330].map((x) => (
        <rect key={x} x={x - 10} y="150" width="20" height="10" rx="2" fill="#94a3b8" />
      ))}
      <rect x="0" y="220" width="400" height="40" fill="#cbd5e1" />
    </>
  );
}

function DemoDay() {
  const { t } = useTranslation();
  return (
    <>
      <rect width="400" height="260" fill="#fff7ed" />
      <rect x="50" y="30" width="140" height="150" rx="8" fill="#15803d" />
      <text
        x="120"
        y="70"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.scene.demoDay')}
      </text>
      <rect x="70" y="90" width="100" height="60" rx="4" fill="#dcfce7" />
      <path d="M80 140 L105 115 L125 128 L160 98" stroke="#15803d" strokeWidth="4" fill="none" />
      <rect x="230" y="70" width="130" height="80" rx="6" fill="#ffffff" stroke="#b45309" strokeWidth="3" />
      <text
        x="295"
        y="116"
        textAnchor="middle"
        fontSize="14"
        fontWeight="700"
        fill="#92400e"
        fontFamily="system-ui, sans-serif"
      >
        {t('landing.scene.pitch')}
      </text>
      {[70, 150, 230, 310].map((x, i) => (
        <Person key={x} x={x} y={180} scale={0.9} i={i + 3} />
      ))}
    </>
  );
}

const SCENES = { workshop: Workshop, panel: Panel, 'demo-day': DemoDay } as const;

export function EventIllustration({ scene, label }: { scene: string; label: string }) {
  const Scene = SCENES[scene as keyof typeof SCENES] ?? Workshop;
  return (
    <svg viewBox="0 0 400 260" role="img" aria-label={label} className="h-auto w-full rounded-lg">
      <Scene />
    </svg>
  );
}
