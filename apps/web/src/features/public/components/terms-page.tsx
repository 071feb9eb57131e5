import { creditsFromTenths, formatCredits, FREE_CREDITS_ON_SIGNUP } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import { PRIVACY_FACTS } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { usePublicConfig } from '../api/public.api.ts';
import { InfoLayout, InfoSection } from './info-layout.tsx';

const credits = (amount: number) => `${formatCredits(amount)} credit${amount === 1 ? '' : 's'}`;

/** /terms: the Terms of Service the footer links to. */
export function TermsPage() {
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout title="Terms of Service" intro={<p>Effective {PRIVACY_FACTS.effectiveDate}</p>}>
      <InfoSection id="agreement" title="1. Agreement">
        <p>
          These terms govern your use of Grantleaf, the website and web application that help researchers,
          founders and research administrators prepare grant applications. By creating an account or using the
          service you accept them.
        </p>
      </InfoSection>

      <InfoSection id="accounts" title="2. Your Account">
        <ul>
          <li>
            You register with a work or university email address; personal email providers are not accepted.
          </li>
          <li>You keep your password secret and are responsible for what is done with your account.</li>
          <li>You give accurate information and keep it up to date.</li>
        </ul>
      </InfoSection>

      <InfoSection id="credits" title="3. Credits">
        <p>
          The service runs on credits. A new account receives{' '}
          {credits(creditsFromTenths(FREE_CREDITS_ON_SIGNUP))}. Each request costs:
        </p>
        <ul>
          <li>grant application generation: {credits(priceInCredits('generation'))};</li>
          <li>grant application analysis: {credits(priceInCredits('analysis'))};</li>
          <li>research idea generation: {credits(priceInCredits('idea'))};</li>
          <li>funding opportunity search: {credits(priceInCredits('funding'))}.</li>
        </ul>
        <p>Credits are taken when a request is accepted and returned if we cannot complete it.</p>
      </InfoSection>

      <InfoSection id="guarantee" title="4. Money-Back Guarantee">
        <p>
          If Grantleaf does not save you at least 20 hours on your first application, ask us within 30 days of
          your purchase and we refund the fee.
        </p>
      </InfoSection>

      <InfoSection id="content" title="5. Your Content">
        <p>
          What you upload and what the service produces for you remain yours. You give us only the permission
          needed to store and process it to provide the service. We do not use it to train AI models. Our{' '}
          <Link to="/privacy-policy" className="font-medium text-brand-800 underline">
            Privacy Policy
          </Link>{' '}
          explains how we handle it.
        </p>
      </InfoSection>

      <InfoSection id="ai-output" title="6. AI-Generated Drafts">
        <p>
          Drafts, scores and recommendations are produced with AI and can be incomplete or wrong. Review them,
          check the funder’s current rules (including any rules on AI assistance) and take responsibility for
          what you submit. We do not promise that any application will be funded.
        </p>
      </InfoSection>

      <InfoSection id="use" title="7. Acceptable Use">
        <ul>
          <li>
            Do not upload content you have no right to share, or that breaks a confidentiality agreement.
          </li>
          <li>Do not try to reach other users’ data, overload the service or get around its limits.</li>
          <li>Do not use the service to produce fraudulent or plagiarised applications.</li>
        </ul>
      </InfoSection>

      <InfoSection id="termination" title="8. Ending the Service">
        <p>
          You may stop using Grantleaf and delete your account at any time. We may suspend an account that
          breaks these terms. Deleted data is removed as our Privacy Policy describes.
        </p>
      </InfoSection>

      <InfoSection id="liability" title="9. Liability">
        <p>
          The service is provided as it is. To the extent the law allows, our total liability for any claim is
          limited to the amount you paid us in the 12 months before it.
        </p>
      </InfoSection>

      <InfoSection id="changes" title="10. Changes">
        <p>
          We may update these terms; we change the effective date above and tell account holders of
          significant changes by email.
        </p>
      </InfoSection>

      <InfoSection id="contact" title="11. Contact">
        <p>
          Questions about these terms:{' '}
          {config ? (
            <a href={`mailto:${config.contactEmail}`} className="font-medium text-brand-800 underline">
              {config.contactEmail}
            </a>
          ) : (
            'our contact address'
          )}
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
