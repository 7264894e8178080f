/**
 * Before and after photos on a job in progress (issue #14): the worker picks a photo (camera or
 * gallery), it is uploaded (POST /api/uploads, the booking photo rules) and attached to the job
 * (POST /api/worker/jobs/{id}/photos), up to JOB_PHOTOS_PER_PHASE per phase. The photos so far
 * show above the two buttons; a refusal shows under them.
 */
import Camera from 'lucide-react/icons/camera';
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JOB_PHOTO_PHASES, JOB_PHOTOS_PER_PHASE, type JobPhotoPhase } from '@/domain/job-photos';
import { JobPhotoGallery, jobPhotosQueryKey, useJobPhotos } from '@/web/components/booking/job-photos';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { buttonVariants } from '@/web/components/ui/button';
import { apiFetch } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { uploadPhoto } from '@/web/features/booking/api/upload-photo';

async function addJobPhoto(jobId: string, phase: JobPhotoPhase, file: File): Promise<void> {
  const upload = await uploadPhoto(file);
  await apiFetch<void>(`/api/worker/jobs/${encodeURIComponent(jobId)}/photos`, { method: 'POST', body: { uploadId: upload.id, phase } });
}

export function JobPhotoUploader({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const photos = useJobPhotos(jobId);
  const add = useMutation({
    mutationFn: ({ phase, file }: { phase: JobPhotoPhase; file: File }) => addJobPhoto(jobId, phase, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobPhotosQueryKey(jobId) }),
  });
  const countOf = (phase: JobPhotoPhase) => photos.data?.filter((p) => p.phase === phase).length ?? 0;

  return (
    <div className="space-y-2">
      {photos.data && photos.data.length > 0 ? <JobPhotoGallery photos={photos.data} headingLevel={4} /> : null}
      <div className="grid grid-cols-2 gap-2">
        {JOB_PHOTO_PHASES.map((phase) => {
          const full = countOf(phase) >= JOB_PHOTOS_PER_PHASE;
          const inputId = `${id}-${phase}`;
          return (
            <div key={phase}>
              <input
                id={inputId}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/heic"
                capture="environment"
                className="peer sr-only"
                disabled={full || add.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) add.mutate({ phase, file });
                }}
              />
              <label
                htmlFor={inputId}
                className={cn(
                  buttonVariants({ variant: 'outline', size: 'lg' }),
                  'h-12 w-full cursor-pointer px-2 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
                  (full || add.isPending) && 'cursor-not-allowed opacity-60',
                )}
              >
                <Camera aria-hidden="true" className="h-4 w-4 shrink-0" />
                {full ? t('worker.photos.full', { phase: t(`jobPhotos.${phase}`) }) : t(`worker.photos.add.${phase}`)}
              </label>
            </div>
          );
        })}
      </div>
      <p className="text-sm text-slate-600">{add.isPending ? t('worker.photos.uploading') : t('worker.photos.hint', { max: JOB_PHOTOS_PER_PHASE })}</p>
      {add.error ? <ApiErrorAlert error={add.error} /> : null}
    </div>
  );
}
