// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, testQueryClient } from '@/web/test/render-route';
import { JobPhotos } from './job-photos';

const PHOTOS = [
  { id: 'a', phase: 'before', url: '/api/uploads/u1', createdAt: '2026-11-23T15:00:00.000Z' },
  { id: 'b', phase: 'before', url: '/api/uploads/u2', createdAt: '2026-11-23T15:01:00.000Z' },
  { id: 'c', phase: 'after', url: '/api/uploads/u3', createdAt: '2026-11-23T16:00:00.000Z' },
];

const show = (enabled = true) =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <JobPhotos bookingId="b1" enabled={enabled} />
    </QueryClientProvider>,
  );

describe('job photos on a booking', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the before and after photos, each linking to the full image', async () => {
    mockApi({ 'GET /api/bookings/b1/photos': { body: { photos: PHOTOS } } });
    show();
    expect(await screen.findByRole('heading', { name: 'Job photos' })).toBeInTheDocument();
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Before photo 1', 'Before photo 2', 'After photo 1']);
    expect(screen.getByRole('link', { name: 'After photo 1' })).toHaveAttribute('href', '/api/uploads/u3');
  });

  it('shows nothing without photos, and does not ask before the job has started', async () => {
    const fetchMock = mockApi({ 'GET /api/bookings/b1/photos': { body: { photos: [] } } });
    const { container } = show(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });
});
