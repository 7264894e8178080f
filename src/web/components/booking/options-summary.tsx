/** The chosen options of a booking as label/value rows: the booking flow's Review, and the staff pages (dispatch, the worker's jobs). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingOptions } from '@/domain/booking-options';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function OptionsSummary({ options }: { options: BookingOptions }) {
  const { t } = useTranslation();
  switch (options.service) {
    case 'tv-installation':
      return (
        <dl className="space-y-2 text-sm">
          <Row label={t('booking.tv.screenSize.label')}>{t(`booking.tv.screenSize.options.${options.screenSize}`)}</Row>
          <Row label={t('booking.tv.bracket.label')}>{t(`booking.tv.bracket.options.${options.bracket}`)}</Row>
          <Row label={t('booking.review.acknowledged')}>{t('booking.review.tvAcknowledgements')}</Row>
        </dl>
      );
    case 'furniture-assembly':
      return (
        <dl className="space-y-2 text-sm">
          {options.productName && <Row label={t('booking.furniture.productName.label')}>{options.productName}</Row>}
          {options.productUrl && (
            <Row label={t('booking.furniture.productUrl.label')}>
              <a href={options.productUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline break-all">
                {options.productUrl}
              </a>
            </Row>
          )}
          {options.photoUploadId && <Row label={t('booking.furniture.photo.label')}>{t('booking.furniture.photo.uploaded')}</Row>}
          <Row label={t('booking.furniture.hours.label')}>{t('booking.furniture.hours.option', { count: options.estimatedHours })}</Row>
        </dl>
      );
    case 'painting':
      return (
        <dl className="space-y-2 text-sm">
          <Row label={t('booking.painting.rooms.label')}>{t('booking.painting.rooms.option', { count: options.rooms })}</Row>
          {options.colorCode && <Row label={t('booking.painting.colorCode.label')}>{options.colorCode}</Row>}
          <Row label={t('booking.painting.supplier.label')}>{t(`booking.painting.supplier.options.${options.paintSupplier}`)}</Row>
        </dl>
      );
  }
}
