/**
 * The furniture photo: an image (any image type, 10 MB at most, both checked here before
 * anything is sent) is uploaded as soon as it is chosen, previewed, and can be removed. The
 * booking refers to it by the upload id.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Label } from '@/web/components/ui/label';
import { MAX_PHOTO_BYTES, uploadedPhotoUrl, type useUploadPhoto } from '../api/upload-photo';
import { useMessageText } from '../hooks/use-message-text';

export interface PhotoUploadFieldProps {
  id: string;
  uploadId?: string;
  fileName?: string;
  upload: ReturnType<typeof useUploadPhoto>;
  onChange: (photo: { id: string; name: string } | null) => void;
}

const canPreviewLocally = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

export function PhotoUploadField({ id, uploadId, fileName, upload, onChange }: PhotoUploadFieldProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [error, setError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);

  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('validation.fileTypeInvalid'));
    if (file.size > MAX_PHOTO_BYTES) return setError(t('validation.fileTooLarge'));
    setLocalPreview(canPreviewLocally() ? URL.createObjectURL(file) : null);
    upload.mutate(file, {
      onSuccess: (photo) => onChange({ id: photo.id, name: file.name }),
      onError: (failure) => {
        setLocalPreview(null);
        setError(failure.message);
      },
    });
  }

  function remove() {
    setLocalPreview(null);
    setError(null);
    onChange(null);
  }

  const preview = localPreview ?? (uploadId ? uploadedPhotoUrl(uploadId) : null);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{t('booking.furniture.photo.label')}</Label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">{t('booking.furniture.photo.hint')}</p>
      {preview || upload.isPending ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-white p-3">
          {preview && <img src={preview} alt={t('booking.furniture.photo.previewAlt')} className="h-20 w-20 rounded object-cover" />}
          <div className="min-w-0 flex-1 text-sm" aria-live="polite">
            {upload.isPending ? t('booking.furniture.photo.uploading') : <span className="block truncate">{fileName ?? t('booking.furniture.photo.uploaded')}</span>}
          </div>
          {!upload.isPending && (
            <Button variant="outline" size="sm" onClick={remove}>
              {t('booking.furniture.photo.remove')}
            </Button>
          )}
        </div>
      ) : (
        <input
          id={id}
          type="file"
          accept="image/*"
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className="block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
      )}
      <FieldError id={`${id}-error`} message={text(error)} />
    </div>
  );
}
