import {
  FUNDING_DETAILS_MAX,
  FUNDING_TEAM_MAX,
  FUNDING_TOPIC_MAX,
  priceInCredits,
  UPLOAD_MAX_BYTES,
} from '@grantleaf/shared/constants';
import { FUNDING_FILE_EXTENSIONS, fundingFinderRequestSchema } from '@grantleaf/shared/funding.schema';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { issuesByField, keepUnfixed } from '../../../lib/field-errors.ts';
import { BUY_CREDITS_ACTION, buyCreditsAction } from '../../../lib/buy-credits.ts';
import { useCreateFundingRequest, useUploadFundingFile } from '../api/funding.api.ts';

type Field = 'researchTopic' | 'researchDetails' | 'teamProfile' | 'file';
const EMPTY = { researchTopic: '', researchDetails: '', teamProfile: '' };
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
  description: 'You need at least 1 credit to find funding opportunities.',
} as const;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

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
  const [form, setForm] = useState(
    initial
      ? {
          researchTopic: initial.researchTopic,
          researchDetails: initial.researchDetails,
          teamProfile: initial.teamProfile,
        }
      : EMPTY,
  );
  // Uploaded on submit through POST /api/upload, whose checks every file passes; the request
  // names it by the fileUrl answered (issue 15 §2: no file bytes inside the request).
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const idempotencyKey = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateFundingRequest();
  const upload = useUploadFundingFile();
  const insufficient = credits !== null && credits < priceInCredits('funding');

  function reset() {
    setForm(EMPTY);
    setFile(null);
    setErrors({});
    idempotencyKey.current = newKey();
    if (fileInput.current) fileInput.current.value = '';
  }

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) reset();
  }

  function edit(name: keyof typeof EMPTY, value: string) {
    const next = { ...form, [name]: value };
    setForm(next);
    setErrors((shown) => keepUnfixed(shown, fundingFinderRequestSchema, next));
    // Another request, another key: only a retry of the very same form may be replayed.
    idempotencyKey.current = newKey();
  }

  function onFile(chosen: File | undefined) {
    setErrors((e) => ({ ...e, file: undefined }));
    idempotencyKey.current = newKey();
    setFile(null);
    if (!chosen) return;
    const ext = chosen.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(FUNDING_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
      setErrors((e) => ({ ...e, file: SUBMISSION_MESSAGES.fileType }));
      return;
    }
    if (chosen.size > UPLOAD_MAX_BYTES) {
      setErrors((e) => ({ ...e, file: SUBMISSION_MESSAGES.fileSize }));
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
    const parsed = fundingFinderRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField<Field>(parsed.error));
      return;
    }
    setErrors({});
    let fileUrl: string | undefined;
    if (file) {
      try {
        fileUrl = (await upload.mutateAsync(file)).fileUrl;
      } catch (error) {
        setErrors({
          file:
            (error instanceof ApiError && error.serverMessage) ||
            'The file could not be uploaded. Please try again.',
        });
        return;
      }
    }
    create.mutate(
      { input: { ...parsed.data, fileUrl }, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: () => {
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

  const counter = (name: keyof typeof EMPTY) => (
    <p
      id={`funding-${name}-count`}
      className={`mt-1 text-xs ${form[name].length > LIMITS[name] ? 'text-red-700' : 'text-slate-600'}`}
    >
      {form[name].length} / {LIMITS[name]}
    </p>
  );
  const described = (name: Field) => `funding-${name}-count${errors[name] ? ` funding-${name}-error` : ''}`;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Funding Finder"
      description="Describe your research and team; we match it against Canadian and US funding programs. Costs 1 credit."
      wide
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <div>
          <Label htmlFor="funding-researchTopic">Research topic *</Label>
          <Input
            id="funding-researchTopic"
            value={form.researchTopic}
            placeholder="e.g. Low-cost battery recycling for electric vehicles"
            aria-invalid={Boolean(errors.researchTopic)}
            aria-describedby={described('researchTopic')}
            onChange={(e) => edit('researchTopic', e.target.value)}
          />
          {counter('researchTopic')}
          <FieldError id="funding-researchTopic-error">{errors.researchTopic}</FieldError>
        </div>
        <div>
          <Label htmlFor="funding-researchDetails">Research details *</Label>
          <Textarea
            id="funding-researchDetails"
            value={form.researchDetails}
            placeholder="Goals, methods, stage (lab, prototype, pilot), where the work happens, what the money is for..."
            aria-invalid={Boolean(errors.researchDetails)}
            aria-describedby={described('researchDetails')}
            onChange={(e) => edit('researchDetails', e.target.value)}
          />
          {counter('researchDetails')}
          <FieldError id="funding-researchDetails-error">{errors.researchDetails}</FieldError>
        </div>
        <div>
          <Label htmlFor="funding-teamProfile">Team profile *</Label>
          <Textarea
            id="funding-teamProfile"
            value={form.teamProfile}
            placeholder="University lab or company? Province or state, size, roles, career stage, partners..."
            aria-invalid={Boolean(errors.teamProfile)}
            aria-describedby={described('teamProfile')}
            onChange={(e) => edit('teamProfile', e.target.value)}
          />
          {counter('teamProfile')}
          <FieldError id="funding-teamProfile-error">{errors.teamProfile}</FieldError>
        </div>
        <div>
          <Label htmlFor="funding-file">Supporting document (optional: PDF, Word or text)</Label>
          <input
            ref={fileInput}
            id="funding-file"
            type="file"
            accept=".pdf,.doc,.docx,.txt"
            aria-invalid={Boolean(errors.file)}
            aria-describedby={errors.file ? 'funding-file-error' : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {file && <p className="mt-1 text-xs text-slate-600">Attached: {file.name}</p>}
          {!file && initial?.hadFile && (
            <p className="mt-1 text-xs text-slate-600">
              The earlier search had a document; attach it again to include it.
            </p>
          )}
          <FieldError id="funding-file-error">{errors.file}</FieldError>
        </div>
        {insufficient && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Insufficient credits. You need at least 1 credit to find funding opportunities.
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
