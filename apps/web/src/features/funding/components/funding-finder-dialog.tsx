import {
  FUNDING_DETAILS_MAX,
  FUNDING_TEAM_MAX,
  FUNDING_TOPIC_MAX,
  priceInCredits,
  priceText,
  UPLOAD_MAX_BYTES,
} from '@grantleaf/shared/constants';
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
import { ApiError } from '../../../lib/api.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { BUY_CREDITS_ACTION, buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useCreateFundingRequest, useUploadFundingFile } from '../api/funding.api.ts';
import { useApplicantProfile } from '../api/applicant-profile.api.ts';
import { ApplicantProfileForm } from './applicant-profile-form.tsx';
import { overrideOf, SearchAsFields, EMPTY_OVERRIDE, type OverrideValues } from './search-as.tsx';

type Field = 'researchTopic' | 'researchDetails' | 'teamProfile';
const EMPTY: Record<Field, string> = { researchTopic: '', researchDetails: '', teamProfile: '' };
const LIMITS = {
  researchTopic: FUNDING_TOPIC_MAX,
  researchDetails: FUNDING_DETAILS_MAX,
  teamProfile: FUNDING_TEAM_MAX,
} as const;

export const AUTH_REQUIRED = {
  title: 'Authentication required',
  description: 'Please log in to submit funding requests.',
} as const;
export const NOT_ENOUGH_CREDITS = {
  title: 'Insufficient credits',
  description: `You need at least ${priceText('funding')} to find funding opportunities.`,
} as const;

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
  /** Balance in tenths, or null when unknown. */
  credits: number | null;
  signedIn?: boolean;
  /** The input of a failed search, for "Try again" (the dashboard remounts the dialog per retry). */
  initial?: typeof EMPTY & { hadFile: boolean };
}) {
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
  const key = useIdempotencyKey();
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateFundingRequest();
  const upload = useUploadFundingFile();
  const insufficient = credits !== null && credits < priceInCredits('funding');
  // Issue 25 §1: the applicant profile is asked the first time it matters, then prefills each search.
  const applicant = useApplicantProfile(open && signedIn);
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
      setFileError(SUBMISSION_MESSAGES.fileType);
      return;
    }
    if (chosen.size > UPLOAD_MAX_BYTES) {
      setFileError(SUBMISSION_MESSAGES.fileSize);
      return;
    }
    setFile(chosen);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      toast.error(AUTH_REQUIRED.title, { description: AUTH_REQUIRED.description });
      return;
    }
    if (insufficient) {
      toast.error(NOT_ENOUGH_CREDITS.title, {
        description: NOT_ENOUGH_CREDITS.description,
        action: BUY_CREDITS_ACTION,
      });
      return;
    }
    const parsed = form.parse();
    if (!parsed.success) return;
    const changed = changing ? overrideOf(override, profile) : undefined;
    // The key is the form's with the chosen file, not its upload: a retry uploads anew.
    const idempotencyKey = key.for({
      ...parsed.data,
      applicant: changed,
      file: file && [file.name, file.size, file.lastModified],
    });
    let fileUrl: string | undefined;
    if (file) {
      try {
        fileUrl = (await upload.mutateAsync(file)).fileUrl;
      } catch (error) {
        setFileError(
          (error instanceof ApiError && error.serverMessage) ||
            'The file could not be uploaded. Please try again.',
        );
        return;
      }
    }
    create.mutate(
      { input: { ...parsed.data, fileUrl, ...(changed ? { applicant: changed } : {}) }, idempotencyKey },
      {
        onSuccess: () => {
          key.done();
          toast.success('Funding search started', {
            description: 'Your matches will appear in Funding Searches in a minute or two.',
          });
          close(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            toast.error(AUTH_REQUIRED.title, { description: AUTH_REQUIRED.description });
          } else if (error instanceof ApiError && error.status === 402) {
            toast.error(NOT_ENOUGH_CREDITS.title, {
              description: NOT_ENOUGH_CREDITS.description,
              ...buyCreditsAction(error),
            });
          } else {
            toast.error('Submission failed', {
              description: (error instanceof ApiError && error.serverMessage) || 'Please try again later.',
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
      title="Funding Finder"
      description={`Describe your research and team; we match it against Canadian and US funding programs. Costs ${priceText('funding')}.`}
      wide
    >
      {askProfile && (
        <section
          className="mb-6 space-y-3 rounded-md border border-brand-200 bg-brand-50 p-3"
          aria-labelledby="finder-profile-title"
          data-testid="applicant-profile-step"
        >
          <h3 id="finder-profile-title" className="text-base font-semibold text-slate-900">
            First, who is applying?
          </h3>
          <p className="text-sm text-slate-700">
            Asked once: programs check who may apply, where and in which field. Your answers prefill every
            search (you can change them for one search) and are kept on your Account page.
          </p>
          <ApplicantProfileForm
            profile={null}
            suggested={applicant.data?.suggested}
            id="finder-profile"
            submitLabel="Save and continue"
            onCancel={() => setSkippedProfile(true)}
            cancelLabel="Skip for now"
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
        {text(
          'researchTopic',
          'Research topic *',
          'e.g. Low-cost battery recycling for electric vehicles',
          false,
        )}
        {text(
          'researchDetails',
          'Research details *',
          'Goals, methods, stage (lab, prototype, pilot), where the work happens, what the money is for...',
          true,
        )}
        {text(
          'teamProfile',
          'Team profile *',
          'University lab or company? Province or state, size, roles, career stage, partners...',
          true,
        )}
        <div>
          <Label htmlFor="funding-file">Supporting document (optional: PDF, Word or text)</Label>
          <FileInput
            ref={fileInput}
            id="funding-file"
            accept=".pdf,.doc,.docx,.txt"
            aria-invalid={Boolean(fileError)}
            aria-describedby={fileError ? 'funding-file-error' : undefined}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {file && <p className="mt-1 text-xs text-slate-600">Attached: {file.name}</p>}
          {!file && initial?.hadFile && (
            <p className="mt-1 text-xs text-slate-600">
              The earlier search had a document; attach it again to include it.
            </p>
          )}
          <FieldError id="funding-file-error">{fileError}</FieldError>
        </div>
        {insufficient && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {`Insufficient credits. ${NOT_ENOUGH_CREDITS.description}`}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || upload.isPending}>
            {create.isPending || upload.isPending ? 'Submitting...' : 'Find Funding'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
