/**
 * The booking page, at /book/:slug and /services/:slug/book. A slug that names no service shows
 * the not-found message. Each service page keeps its own draft (the flow remounts per slug).
 */
import { useParams } from 'react-router';
import { isServiceSlug } from '@/domain/services';
import { NotFoundContent } from '@/web/components/errors/not-found-content';
import { BookingFlow } from '../components/booking-flow';

export function Component() {
  const { slug = '' } = useParams();
  if (!isServiceSlug(slug)) return <NotFoundContent />;
  return <BookingFlow key={slug} slug={slug} />;
}
