/**
 * The booking components' test helpers (./providers.tsx), with the flow's lazy chunks loaded
 * first: the draft rules and the later steps are fetched in the browser on the customer's first
 * touch (issue #16); the tests of what the steps do load them up front, so no test waits on a
 * chunk's first compile.
 */
import { preloadBookingFlow } from '../components/booking-flow';

export * from './providers';

await preloadBookingFlow();
