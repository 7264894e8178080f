/** The catch-all route: 404, "Oops! Page not found" and a return-to-home link (spec section 2). */
import { NotFoundContent } from '@/web/components/errors/not-found-content';

export function Component() {
  return <NotFoundContent />;
}
