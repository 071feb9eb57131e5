import { capabilityClaim, SOCIAL_PROOF } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { usePublicConfig } from '../api/public.api.ts';
import { AI_USE_STATEMENT } from './ai-use.ts';
import { InfoLayout } from './info-layout.tsx';

const FAQS = [
  {
    q: 'Is using AI to write a grant application unethical?',
    a: [
      'No more than using a reference manager or a grammar checker. Grantleaf drafts the structure and the routine parts of an application and checks it against the program’s published criteria; the research, the ideas and the final judgement stay yours.',
      'Many funders now publish rules on generative AI. Read your agency’s policy, disclose AI assistance where it asks you to, and review every sentence before you submit: you remain the author and responsible for what you sign.',
      AI_USE_STATEMENT,
    ],
  },
  {
    q: 'Will my documents be used to train AI models?',
    a: [
      'No. What you upload or paste is used only to answer your own requests. We do not train models on it, and we send it to outside AI providers only through their business APIs, whose terms exclude training on customer data.',
    ],
  },
  {
    q: 'Will other people see my ideas?',
    a: [
      'No. Your applications, uploads and results are private to your account: every request for them is checked against the signed-in owner. Our staff open a document only when you ask for support or an administrator must deliver a result you ordered, and every such access is logged.',
    ],
  },
  {
    q: 'Can it handle the technical depth of my field?',
    a: [
      'Grantleaf works from what you give it: your project overview, objectives, team and budget, plus the program’s own guidelines and evaluation criteria. It organises your expertise into the sections reviewers expect and flags criteria your draft does not yet address. It does not invent results; technical claims should come from you.',
    ],
  },
  {
    q: 'Will an AI-assisted application hurt my academic credibility?',
    a: [
      'Reviewers judge the science, the feasibility and the fit with the program. A clear, complete application that answers every criterion helps that case. Treat the draft as a starting point, put your own voice and evidence into it, and it reads as your work, because it is.',
    ],
  },
  {
    q: 'Is it safe to use for confidential or unpublished research?',
    a: [
      'Uploaded files are encrypted at rest with AES-256 and travel over HTTPS. Deleted files are permanently removed within 30 days unless the law requires us to keep them. If your institution or an industry partner has stricter rules, check them first; our Security FAQ answers the questions research offices usually ask.',
    ],
  },
];

/** /faqs: questions professors ask (spec §2). */
export function FaqPage() {
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout
      title="Frequently Asked Questions"
      intro={
        <p>
          Straight answers for professors and researchers. {SOCIAL_PROOF}{' '}
          {capabilityClaim('faqWhatItDoes', config?.aiModel)}
        </p>
      }
    >
      <div className="grid gap-5 md:grid-cols-2">
        {FAQS.map((faq) => (
          <Card key={faq.q} className="p-6">
            <h2 className="text-lg font-semibold text-slate-900">{faq.q}</h2>
            <div className="mt-3 space-y-3 text-slate-800">
              {faq.a.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </Card>
        ))}
      </div>
      <div className="mt-10 flex flex-wrap items-center gap-3">
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          Sign Up Now
        </Link>
        <Link to="/login" className={buttonClass('secondary', 'lg')}>
          Login
        </Link>
        <Link to="/security-faq" className="ml-1 text-sm font-medium text-brand-800 underline">
          Read the Security FAQ
        </Link>
      </div>
    </InfoLayout>
  );
}
