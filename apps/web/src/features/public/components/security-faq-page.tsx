import { PRIVACY_FACTS } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { usePublicConfig } from '../api/public.api.ts';
import { AI_USE_STATEMENT } from './ai-use.ts';
import { InfoLayout } from './info-layout.tsx';

const { incidentNotificationHours, deletedFilesRemovedDays, minimumTlsVersion } = PRIVACY_FACTS;

const QUESTIONS = [
  {
    q: 'Who can see my documents and applications?',
    a: 'Only you. Everything you upload, paste or generate belongs to your account, and the server checks every request against the signed-in owner; anyone else asking for it is told it does not exist.',
  },
  {
    q: 'Is my research used to train AI models?',
    a: 'No. Your content is used only to produce the results you ask for. We do not train models on it, and outside AI providers receive it only through business APIs whose terms exclude training on customer data.',
  },
  {
    q: 'Which AI systems process my content?',
    a: `${AI_USE_STATEMENT} When a model is configured it comes from an outside provider (at most two: a primary and a fallback), and only the text a request needs is sent to it.`,
  },
  {
    q: 'How is my data encrypted?',
    a: `In transit, connections use HTTPS with TLS ${minimumTlsVersion} or higher. At rest, uploaded files are encrypted with AES-256-GCM before they are written to storage. Passwords are never stored: we keep an argon2id hash.`,
  },
  {
    q: 'Where is my data stored?',
    a: 'On cloud infrastructure. Our aim is to keep data in Canada (Canadian data residency); if your agreement with us requires a region, ask us before you upload.',
  },
  {
    q: 'Which privacy laws and principles do you follow?',
    a: 'We handle personal information following PIPEDA, Canada’s federal private-sector privacy law, and GDPR-style principles: collect only what we need, use it only for the stated purpose, keep it only as long as needed, and let you see, correct and delete it.',
  },
  {
    q: 'Can Grantleaf staff read my files?',
    a: 'Only when authorised for support, for example when you ask for help or an administrator must attach a result you ordered. Every such access is logged with who, what and when.',
  },
  {
    q: 'What happens when I delete a file or my account?',
    a: `It becomes unreachable at once, and it is permanently removed, with the results derived from it, within ${deletedFilesRemovedDays} days, unless the law requires us to keep it longer.`,
  },
  {
    q: 'What happens if there is a security incident?',
    a: `We are putting in place an incident response plan under which affected users are notified within ${incidentNotificationHours} hours of a confirmed breach that affects their data.`,
  },
  {
    q: 'Do you support single sign-on, two-factor authentication or SOC 2?',
    a: 'Not yet. Single sign-on (OAuth2, SAML), two-factor authentication and SOC 2 readiness are on our roadmap. Today accounts sign in with a work or university email and a password; sessions expire and end at once when you log out.',
  },
];

const RESOURCES = [
  'Security one-pager (PDF)',
  'Slide deck for university research offices',
  'Privacy policy template for your ethics or data-management plan',
];

/** /security-faq (spec §2). */
export function SecurityFaqPage() {
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout
      title="Security & Privacy FAQ"
      intro={<p>The questions research offices, ethics boards and IT teams ask us, answered plainly.</p>}
    >
      <ol className="space-y-6">
        {QUESTIONS.map((item, index) => (
          <li key={item.q} className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold text-slate-900">
              <span className="mr-2 text-brand-800">{index + 1}.</span>
              {item.q}
            </h2>
            <p className="mt-2 text-slate-800">{item.a}</p>
          </li>
        ))}
      </ol>

      <Card className="mt-10 p-6">
        <h2 className="text-xl font-semibold text-slate-900">
          Additional Resources (Available Upon Request)
        </h2>
        <ul className="mt-3 space-y-2 text-slate-800">
          {RESOURCES.map((r) => (
            <li key={r} className="ml-5 list-disc">
              {r}
            </li>
          ))}
        </ul>
        {config && (
          <p className="mt-4 text-sm text-slate-700">
            Ask for any of them at{' '}
            <a href={`mailto:${config.contactEmail}`} className="font-medium text-brand-800 underline">
              {config.contactEmail}
            </a>
            .
          </p>
        )}
      </Card>

      <div className="mt-10">
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          Get Started Securely
        </Link>
      </div>

      <nav
        aria-label="Security FAQ links"
        className="mt-12 flex flex-wrap gap-6 border-t border-slate-200 pt-6 text-sm"
      >
        <Link to="/" className="font-medium text-brand-800 underline">
          Home
        </Link>
        <Link to="/security-faq" className="font-medium text-brand-800 underline">
          Security
        </Link>
        <Link to="/privacy-policy" className="font-medium text-brand-800 underline">
          Privacy Policy
        </Link>
      </nav>
    </InfoLayout>
  );
}
