import { describe, expect, it } from 'vitest';
import { isApiPath, offlineNavigationAnswer } from './navigation';

const answer = (path: string) => offlineNavigationAnswer(new URL(path, 'https://handyman.example'));

describe('what the service worker shows for a navigation while offline (issue #15)', () => {
  it('answers the web app routes with the cached app shell', () => {
    for (const path of ['/', '/book/tv-installation', '/services/painting/book', '/my-bookings', '/settings', '/admin/chats', '/worker/availability', '/blog/prepare-room-for-painting', '/terms?lang=es', '/no/such/page']) {
      expect(answer(path), path).toBe('app-shell');
    }
  });

  it('answers what the server renders or sends as a file with the offline page', () => {
    for (const path of ['/api/docs', '/api/openapi.json', '/api/bookings/b1/receipt', '/api/uploads/u1', '/api', '/robots.txt', '/sitemap.xml', '/images/social-card.jpg', '/offline.html', '/assets/index-HASH.js']) {
      expect(answer(path), path).toBe('offline-page');
    }
  });

  it('tells the API apart from app routes that only start with the same letters', () => {
    expect(isApiPath('/api/me')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(answer('/apiary')).toBe('app-shell');
  });
});
