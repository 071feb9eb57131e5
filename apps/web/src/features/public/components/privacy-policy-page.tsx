import { PRIVACY_FACTS } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { usePublicConfig } from '../api/public.api.ts';
import { InfoLayout, InfoSection } from './info-layout.tsx';

const { effectiveDate, incidentNotificationHours, deletedFilesRemovedDays, minimumTlsVersion } =
  PRIVACY_FACTS;

function Mail({ to }: { to: string | undefined }) {
  if (!to) return <span>our privacy address</span>;
  return (
    <a href={`mailto:${to}`} className="font-medium text-brand-800 underline">
      {to}
    </a>
  );
}

/** /privacy-policy (spec §2): 11 sections; the addresses come from the server's configuration. */
export function PrivacyPolicyPage() {
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout title="Privacy Policy" intro={<p>Effective {effectiveDate}</p>}>
      <p className="text-slate-800">
        This policy explains what Grantleaf collects, why, how we protect it and what you can ask of us. It
        covers the Grantleaf website and web application.
      </p>

      <div className="mt-8">
        <InfoSection id="collect" title="1. Information We Collect">
          <ul>
            <li>
              Account information: your name, email address, phone number, affiliation and login credentials
              (we store a one-way hash of your password, never the password itself).
            </li>
            <li>
              Research content: the applications, project details, files and text you upload or paste, and the
              results we produce from them.
            </li>
            <li>
              Requests you send us through our forms: for a free grant analysis, your email, role,
              organization, grant size and message; for voice-assistant early access, your name, email, phone
              number, interest and message.
            </li>
            <li>
              Usage data: the IP address, browser and device information sent with each request, the pages and
              features you use, and error logs.
            </li>
          </ul>
        </InfoSection>

        <InfoSection id="use" title="2. How We Use Your Information">
          <ul>
            <li>To run your account, verify your email address and keep your credit balance.</li>
            <li>To produce the drafts, analyses, ideas and funding matches you request.</li>
            <li>To answer requests you send us, such as a free grant analysis within 24 hours.</li>
            <li>
              To send the emails the service needs: verification codes, confirmations and completion notices.
            </li>
            <li>To protect the service: rate limits, abuse prevention and troubleshooting.</li>
          </ul>
        </InfoSection>

        <InfoSection id="protect" title="3. How We Protect Your Information">
          <p>
            Connections use HTTPS with TLS {minimumTlsVersion} or higher. Uploaded files are encrypted at rest
            with AES-256-GCM. Your content is private to your account: every request is checked against the
            signed-in owner. Staff access your documents only when authorised for support, and every such
            access is logged.
          </p>
          <p>
            We are putting in place an incident response plan under which we notify affected users within{' '}
            {incidentNotificationHours} hours of a confirmed breach of their data.
          </p>
        </InfoSection>

        <InfoSection id="ai" title="4. AI Model Usage">
          <p>
            Your content is processed by large language models to produce what you ask for: by our built-in
            engine on our own servers or, when the service is configured for it, by models from outside AI
            providers (at most two, a primary and a fallback), reached through their business APIs. Only the
            text a request needs is sent.
          </p>
          <p>Your content is not used to train AI models, by us or by those providers.</p>
        </InfoSection>

        <InfoSection id="retention" title="5. Data Retention">
          <p>
            We keep your account data while your account is open. When you delete a file or your account, the
            data becomes unreachable at once and is permanently removed, with its derived results, within{' '}
            {deletedFilesRemovedDays} days, unless the law requires us to keep it. Form requests are kept as
            long as we need them to answer and follow up, and deleted on request.
          </p>
        </InfoSection>

        <InfoSection id="sharing" title="6. Information Sharing">
          <p>We do not sell your personal information. We share it only with:</p>
          <ul>
            <li>
              service providers that run parts of the service for us (cloud hosting, email delivery, the AI
              providers described above), bound to use it only for that purpose;
            </li>
            <li>authorities, when the law requires it.</li>
          </ul>
        </InfoSection>

        <InfoSection id="residency" title="7. Data Residency and Compliance">
          <p>
            Grantleaf runs on cloud infrastructure, and our aim is to keep data in Canada. We follow PIPEDA
            and GDPR-style principles: collecting only what we need, using it only for the purposes above, and
            keeping it only as long as needed.
          </p>
        </InfoSection>

        <InfoSection id="rights" title="8. Your Rights">
          <p>
            You may ask to see the personal information we hold about you, to correct it, to receive a copy,
            or to delete it, and you may withdraw consent to optional uses. Send the request to{' '}
            <Mail to={config?.privacyEmail} />; we answer within 30 days.
          </p>
        </InfoSection>

        <InfoSection id="cookies" title="9. Cookies and Local Storage">
          <p>
            Grantleaf does not use advertising or analytics cookies. Your sign-in session is kept in your
            browser’s local storage and removed when you log out. The promo video on our home page loads from
            its video host only when you choose to play it; that host may then set its own cookies.
          </p>
        </InfoSection>

        <InfoSection id="changes" title="10. Changes to This Policy">
          <p>
            When we change this policy we update the effective date above, and for significant changes we tell
            account holders by email before they take effect.
          </p>
        </InfoSection>

        <InfoSection id="contact" title="11. Contact Us">
          <p>
            Privacy requests: <Mail to={config?.privacyEmail} />
          </p>
          <p>
            General questions: <Mail to={config?.contactEmail} />
          </p>
          {config && (
            <p>
              Website:{' '}
              <a href={config.siteUrl} className="font-medium text-brand-800 underline">
                {config.siteUrl}
              </a>
            </p>
          )}
        </InfoSection>
      </div>

      <div className="mt-12">
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          Get Started
        </Link>
      </div>
    </InfoLayout>
  );
}
