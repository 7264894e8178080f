/**
 * A job's before and after photos (issue #14), `GET /api/bookings/{id}/photos`: shown to the
 * booking's customer (My Bookings), its worker and admins (the booking detail). Each photo links
 * to the full image. Renders nothing while loading, on an error, or when there are none.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JOB_PHOTO_PHASES, type JobPhoto, type JobPhotoList } from '@/domain/job-photos';
import { apiUrl } from '@/web/lib/api-base';
import { apiFetch } from '@/web/lib/api-client';
import { LIVE_QUERY_ROOTS } from '@/web/lib/live-updates';

/** Under the booking queries' root, so live booking changes refresh it. */
export const jobPhotosQueryKey = (bookingId: string) => [...LIVE_QUERY_ROOTS.customerBookings, bookingId, 'photos'] as const;

export function useJobPhotos(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: jobPhotosQueryKey(bookingId),
    queryFn: ({ signal }) => apiFetch<JobPhotoList>(`/api/bookings/${encodeURIComponent(bookingId)}/photos`, { signal }).then((r) => r.photos),
    enabled,
    staleTime: 30_000,
  });
}

/** `headingLevel`: the level of the section's heading where it is placed. */
export function JobPhotos({ bookingId, enabled = true, headingLevel = 3 }: { bookingId: string; enabled?: boolean; headingLevel?: 2 | 3 | 4 }) {
  const photos = useJobPhotos(bookingId, enabled);
  if (!photos.data || photos.data.length === 0) return null;
  return <JobPhotoGallery photos={photos.data} headingLevel={headingLevel} />;
}

export function JobPhotoGallery({ photos, headingLevel = 3 }: { photos: JobPhoto[]; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  return (
    <section className="space-y-2" aria-label={t('jobPhotos.title')}>
      <Heading className="text-sm font-semibold text-slate-900">{t('jobPhotos.title')}</Heading>
      {JOB_PHOTO_PHASES.map((phase) => {
        const ofPhase = photos.filter((p) => p.phase === phase);
        if (ofPhase.length === 0) return null;
        return (
          <div key={phase} className="space-y-1">
            <p className="text-sm text-slate-700">{t(`jobPhotos.${phase}`)}</p>
            <ul className="grid grid-cols-4 gap-2">
              {ofPhase.map((photo, index) => (
                <li key={photo.id}>
                  <a href={apiUrl(photo.url)} target="_blank" rel="noreferrer noopener" className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
                    <img src={apiUrl(photo.url)} alt={t('jobPhotos.alt', { phase: t(`jobPhotos.${phase}`), number: index + 1 })} className="aspect-square w-full rounded-md border border-slate-200 object-cover" loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
