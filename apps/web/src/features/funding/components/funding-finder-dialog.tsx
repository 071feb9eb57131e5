import {
  FUNDING_DETAILS_MAX,
  FUNDING_TEAM_MAX,
  FUNDING_TOPIC_MAX,
  UPLOAD_MAX_BYTES,
} from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import { FUNDING_FILE_EXTENSIONS, fundingFinderRequestSchema } from '@grantleaf/shared/funding.schema';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import {
  CharCount,
  FieldError,
  FileInput,
  FormField,
  Input,
  Label,
  Textarea,
} from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import '../../../i18n/funding-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { messageOf, statusOf } from '../../../lib/api.ts';
import { PayFromSelect, payFromRefusal } from '../../../components/pay-from-select.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { BUY_CREDITS_ACTION, buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useCreateFundingRequest, useUploadFundingFile } from '../api/funding.api.ts';
import { applicantProfileQuery } from '../api/funding.queries.ts';
import { ApplicantProfileForm } from './applicant-profile-form.tsx';
import { overrideOf, SearchAsFields, EMPTY_OVERRIDE, type OverrideValues } from './search-as.tsx';
import { useQuery } from '@tanstack/react-query';

type Field = 'researchTopic' | 'researchDetails' | 'teamProfile';
const EMPTY: Record<Field, string> = { researchTopic: '', researchDetails: '', teamProfile: '' };
const LIMITS = {
  researchTopic: FUNDING_TOPIC_MAX,
  researchDetails: FUNDING_DETAILS_MAX,
  teamProfile: FUNDING_TEAM_MAX,
} as const;

/** The finder's price in the interface's language: "1 credit" (spec §8's words), "1 crédit". */
function usePriceText(): string {
  const { t, language } = useTranslation();
  const count = priceInCredits('funding');
  const credits = language === 'fr' ? String(count).replace('.', ',') : String(count);
  return t('fundingFinder.credits', { count, credits });
}

/** Funding Finder (spec §2, §5, §8): 1 credit; results appear in Funding Searches. */
export function FundingFinderDialog({
  open,
  onOpenChange,
  credits,
  signedIn = true,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Balance in whole credits (as the API gives it), or null when unknown. */
  credits: number | null;
  signedIn?: boolean;
  /** The input of a failed search, for "Try again" (the dashboard remounts the dialog per retry). */
  initial?: typeof EMPTY & { hadFile: boolean };
}) {
  const { t } = useTranslation();
  const price = usePriceText();
  const authRequired = [
    t('fundingFinder.authRequired'),
    { description: t('fundingFinder.authRequiredDescription') },
  ] as const;
  const notEnough = t('fundingFinder.insufficientDescription', { price });
  const form = useSchemaForm({
    schema: fundingFinderRequestSchema,
    initial: initial
      ? {
          researchTopic: initial.researchTopic,
          researchDetails: initial.researchDetails,
          teamProfile: initial.teamProfile,
        }
      : EMPTY,
    id: 'funding',
  });
  // Uploaded on submit through POST /api/upload, whose checks every file passes; the request
  // names it by the fileUrl answered (issue 15 §2: no file bytes inside the request).
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateFundingRequest();
  const upload = useUploadFundingFile();
  const [payFrom, setPayFrom] = useState('');
  // Paying from an organisation, its balance and the member's limit decide (the server says so).
  const insufficient = !payFrom && credits !== null && credits < priceInCredits('funding');
  // Issue 25 §1: the applicant profile is asked the first time it matters, then prefills each search.
  const applicant = useQuery(applicantProfileQuery(open && signedIn));
  const [skippedProfile, setSkippedProfile] = useState(false);
  const [override, setOverride] = useState<OverrideValues>(EMPTY_OVERRIDE);
  const [changing, setChanging] = useState(false);
  const profile = applicant.data?.profile ?? null;
  const askProfile = signedIn && applicant.data !== undefined && profile === null && !skippedProfile;

  function close(next: boolean) {
    onOpenChange(next);
    if (next) return;
    form.reset(EMPTY);
    setOverride(EMPTY_OVERRIDE);
    setChanging(false);
    setFile(null);
    setFileError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  }

  function onFile(chosen: File | undefined) {
    setFileError(undefined);
    setFile(null);
    if (!chosen) return;
    const ext = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(FUNDING_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
      setFileError(translateMessage(SUBMISSION_MESSAGES.fileType));
      return;
    }
    if (chosen.size > UPLOAD_MAX_BYTES) {
      setFileError(translateMessage(SUBMISSION_MESSAGES.fileSize));
      return;
    }
    setFile(chosen);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      toast.error(...authRequired);
      return;
    }
    if (insufficient) {
      toast.error(t('fundingFinder.insufficient'), { description: notEnough, action: BUY_CREDITS_ACTION });
      return;
    }
    const parsed = form.parse();
    if (!parsed.success) return;
    const changed = changing ? overrideOf(override, profile) : undefined;
    let fileUrl: string | undefined;
    if (file) {
      try {
        fileUrl = (await upload.mutateAsync(file)).fileUrl;
      } catch (error) {
        setFileError(messageOf(error, t('fundingFinder.uploadFailed')));
        return;
      }
    }
    create.mutate(
      {
        input: {
          ...parsed.data,
          fileUrl,
          ...(changed ? { applicant: changed } : {}),
          payFrom: payFrom || undefined,
        },
        file,
      },
      {
        onSuccess: () => {
          toast.success(t('fundingFinder.started'), { description: t('fundingFinder.startedDescription') });
          close(false);
        },
        onError: (error) => {
          if (statusOf(error) === 401) {
            toast.error(...authRequired);
          } else if (statusOf(error) === 402 && !payFrom) {
            toast.error(t('fundingFinder.insufficient'), {
              description: notEnough,
              ...buyCreditsAction(error),
            });
          } else {
            toast.error(t('fundingFinder.failed'), {
              description: payFromRefusal(error, t('fundingFinder.failedDescription')),
            });
          }
        },
      },
    );
  }

  const text = (name: Field, label: string, placeholder: string, area: boolean) => {
    const Control = area ? Textarea : Input;
    return (
      <FormField label={label} {...form.slot(name)}>
        <Control {...form.input(name, `funding-${name}-count`)} placeholder={placeholder} />
        <CharCount id={`funding-${name}-count`} value={form.values[name]} max={LIMITS[name]} />
      </FormField>
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('fundingFinder.title')}
      description={t('fundingFinder.description', { price })}
      wide
    >
      {askProfile && (
        <section
          className="mb-6 space-y-3 rounded-md border border-brand-200 bg-brand-50 p-3"
          aria-labelledby="finder-profile-title"
          data-testid="applicant-profile-step"
        >
          <h3 id="finder-profile-title" className="text-base font-semibold text-slate-900">
            {t('fundingFinder.profileTitle')}
          </h3>
          <p className="text-sm text-slate-700">{t('fundingFinder.profileIntro')}</p>
          <ApplicantProfileForm
            profile={null}
            suggested={applicant.data?.suggested}
            id="finder-profile"
            submitLabel={t('fundingFinder.saveAndContinue')}
            onCancel={() => setSkippedProfile(true)}
            cancelLabel={t('fundingFinder.skip')}
          />
        </section>
      )}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {signedIn && applicant.data && !askProfile && (
          <SearchAsFields
            profile={profile}
            changing={changing}
            setChanging={(next) => {
              setChanging(next);
              if (next) setOverride(EMPTY_OVERRIDE);
            }}
            values={override}
            setValues={setOverride}
          />
        )}
        {text('researchTopic', t('fundingFinder.topic'), t('fundingFinder.topicPlaceholder'), false)}
        {text('researchDetails', t('fundingFinder.details'), t('fundingFinder.detailsPlaceholder'), true)}
        {text('teamProfile', t('fundingFinder.team'), t('fundingFinder.teamPlaceholder'), true)}
        <div>
          <Label htmlFor="funding-file">{t('fundingFinder.file')}</Label>
          <FileInput
            ref={fileInput}
            id="funding-file"
            accept=".pdf,.doc,.docx,.txt"
            aria-invalid={Boolean(fileError)}
            aria-describedby={fileError ? 'funding-file-error' : undefined}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {file && (
            <p className="mt-1 text-xs text-slate-600">{t('fundingFinder.attached', { name: file.name })}</p>
          )}
          {!file && initial?.hadFile && (
            <p className="mt-1 text-xs text-slate-600">{t('fundingFinder.hadFile')}</p>
          )}
          <FieldError id="funding-file-error">{fileError}</FieldError>
        </div>
        {signedIn && <PayFromSelect id="funding-pay-from" value={payFrom} onChange={setPayFrom} />}
        {insufficient && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {`${t('fundingFinder.insufficient')}. ${notEnough}`}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('fundingFinder.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || upload.isPending}>
            {create.isPending || upload.isPending ? t('fundingFinder.submitting') : t('fundingFinder.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
