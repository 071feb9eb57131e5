import 'i18next';
import type enAccount from './locales/en.account.json';
import type enAdmin from './locales/en.admin.json';
import type enAffiliate from './locales/en.affiliate.json';
import type enAlerts from './locales/en.alerts.json';
import type enApplications from './locales/en.applications.json';
import type enAuth from './locales/en.auth.json';
import type enBudget from './locales/en.budget.json';
import type enDashboard from './locales/en.dashboard.json';
import type enEditor from './locales/en.editor.json';
import type enFunding from './locales/en.funding.json';
import type enGuidelines from './locales/en.guidelines.json';
import type enIdeas from './locales/en.ideas.json';
import type en from './locales/en.json';
import type enInfo from './locales/en.info.json';
import type enLeads from './locales/en.leads.json';
import type enLibrary from './locales/en.library.json';
import type enMarketing from './locales/en.marketing.json';
import type enOffice from './locales/en.office.json';
import type enReviews from './locales/en.reviews.json';
import type enSred from './locales/en.sred.json';
import type enSubmissions from './locales/en.submissions.json';

// Keys are typed from the English catalogue: a t('…') of a key that does not exist fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en &
        typeof enAffiliate &
        typeof enAlerts &
        typeof enIdeas &
        typeof enMarketing &
        typeof enAuth &
        typeof enReviews &
        typeof enDashboard &
        typeof enOffice &
        typeof enSred &
        typeof enBudget &
        typeof enSubmissions &
        typeof enAccount &
        typeof enFunding &
        typeof enEditor &
        typeof enApplications &
        typeof enLibrary &
        typeof enLeads &
        typeof enInfo &
        typeof enAdmin &
        typeof enGuidelines;
    };
    returnNull: false;
  }
}
