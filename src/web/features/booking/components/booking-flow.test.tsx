// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_ME as SIGNED_OUT } from '@/web/lib/auth';
import { newDraft, type BookingDraft } from '../hooks/use-booking-draft';
import { Component as BookingPage } from '../pages/booking-page';
import { fakeApi, placedBooking, renderWithProviders, TEST_SETTINGS, type ApiHandler } from '../testing/render';

const START = '2026-05-15T18:00:00.000Z';
const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

const BOOKING = placedBooking({ scheduledStart: START });

function api(overrides: Record<string, ApiHandler> = {}, me: unknown = ME) {
  return fakeApi({
    'GET /api/me': () => ({ body: me }),
    'GET /api/settings/public': () => ({ body: TEST_SETTINGS }),
    'GET /api/services/tv-installation/slots': () => ({ body: { date: '2026-05-15', dates: ['2026-05-15', '2026-05-16'], starts: [START] } }),
    'POST /api/payments/test-mode/payment-methods': () => ({ status: 201, body: { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } }),
    'POST /api/bookings': () => ({ status: 201, body: BOOKING }),
    ...overrides,
  });
}

/** A draft completed up to `step`, as if the customer had filled in every earlier step. */
function seedDraft(step: BookingDraft['step'], change: Partial<BookingDraft> = {}): BookingDraft {
  const draft = newDraft('tv-installation');
  const filled: BookingDraft = {
    ...draft,
    step,
    options: { ...draft.options, 'tv-installation': BOOKING.options as BookingDraft['options']['tv-installation'] },
    date: '2026-05-15',
    startAt: START,
    address: { street: '401 Channelside Dr', unit: '', city: 'Tampa', state: 'FL', zip: '33602' },
    contactPhone: '(813) 555-0123',
    paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242' },
    ...change,
  };
  sessionStorage.setItem('booking-draft:tv-installation', JSON.stringify(filled));
  return filled;
}

const renderPage = (route = '/book/tv-installation') => renderWithProviders(<BookingPage />, { route, path: '/book/:slug' });
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const click = async (name: string | RegExp) => userEvent.click(await screen.findByRole('button', { name }));

describe('booking flow', () => {
  it('books a TV installation from the first step to the confirmation', async () => {
    const { calls } = api();
    renderPage();

    expect(await heading('Service')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /TV installation/ })).toBeChecked();
    expect(screen.getByRole('navigation', { name: 'Booking steps' })).toHaveTextContent('Options & Details');
    await click('Next');

    expect(await heading('Options & Details')).toHaveFocus();
    await userEvent.click(screen.getByRole('radio', { name: '56-65"' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /drilling into walls/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /no electrical work/ }));
    await click('Next');

    expect(await heading('Date & Time')).toHaveFocus();
    await userEvent.click(await screen.findByRole('radio', { name: '2:00 PM' }));
    await click('Next');

    expect(await heading('Address & Schedule')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Street address'), '401 Channelside Dr');
    await userEvent.type(screen.getByLabelText('ZIP code'), '33602');
    await userEvent.type(screen.getByLabelText('Contact phone'), '(813) 555-0123');
    await click('Schedule Service');

    // Signed in already: Sign In is skipped.
    expect(await heading('Payment')).toHaveFocus();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText("We place a hold of $48.38 on your card now; you're charged only after the job is done.")).toBeInTheDocument();
    for (const hint of ['4242 4242 4242 4242 – approved', '4000 0000 0000 0002 – declined', '4000 0025 0000 3155 – asks for verification', '4000 0000 0000 9995 – insufficient funds']) {
      expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === hint)).toBeInTheDocument();
    }
    // the empty field's hint is no card anyone would take for typed in (not one of the test cards)
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('placeholder', '1234 1234 1234 1234');
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await userEvent.type(screen.getByLabelText('CVC'), '123');
    await click('Continue');

    expect(await heading('Review')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.includes('payment-methods'))?.body).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expect(sessionStorage.getItem('booking-draft:tv-installation')).not.toContain('4242424242424242');
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByText('Phone: (813) 555-0123')).toBeInTheDocument();
    expect(screen.getByText('Free cancellation up to 24 hours before your appointment.')).toBeInTheDocument();
    const draftKey = (JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!) as BookingDraft).idempotencyKey;
    await click('Confirm & Book');

    expect(await heading('Booking received!')).toBeInTheDocument();
    expect(screen.getByText('Our team will be in touch within 5-10 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Your assigned technician and ETA will show in My Bookings shortly.')).toBeInTheDocument();
    expect(screen.getByText('TB-7K3M9Q')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/my-bookings');
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/bookings')!;
    expect(post.headers['Idempotency-Key']).toBe(draftKey);
    expect(post.body).toMatchObject({
      options: { service: 'tv-installation', screenSize: '56_65', bracket: 'none' },
      address: { street: '401 Channelside Dr', city: 'Tampa', state: 'FL', zip: '33602' },
      contactPhone: '+18135550123',
      startAt: START,
      paymentMethodId: 'pm_1',
    });
    const after = JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!) as BookingDraft;
    expect(after.step).toBe('service');
    expect(after.idempotencyKey).not.toBe(draftKey);
  });

  it('shows Processing... while booking and never posts twice', async () => {
    let release: () => void = () => {};
    const { calls } = api({ 'POST /api/bookings': () => new Promise((resolve) => (release = () => resolve({ status: 201, body: BOOKING }))) });
    seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    release();
    expect(await heading('Booking received!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/bookings')).toHaveLength(1);
  });

  it('goes back to Payment with the bank\'s message when the card is declined', async () => {
    api({ 'POST /api/bookings': () => ({ status: 402, body: { message: 'Your card was declined.', code: 'card_declined', details: null, hint: null } }) });
    const seeded = seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    expect(await heading('Payment')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    const stored = JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!) as BookingDraft;
    expect(stored.paymentMethod).toBeNull();
    expect(stored.idempotencyKey).not.toBe(seeded.idempotencyKey);
  });

  it('asks for the bank\'s confirmation in test mode, then books with the same Idempotency-Key', async () => {
    let attempts = 0;
    const { calls } = api({
      'POST /api/bookings': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 402, body: { message: 'Your bank asks you to confirm this payment.', code: 'authentication_required', details: { clientSecret: 'seti_test_secret_1' }, hint: null } }
          : { status: 201, body: BOOKING };
      },
      'POST /api/payments/test-mode/authenticate': () => ({ body: { authenticated: true } }),
    });
    const seeded = seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    const panel = await screen.findByRole('region', { name: 'Your bank asks you to confirm this payment' });
    expect(screen.getByRole('heading', { name: 'Your bank asks you to confirm this payment' })).toHaveFocus();
    // Still on Review with the card kept: nothing was declined.
    expect(screen.getByRole('heading', { level: 2, name: 'Review' })).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm & Book' })).toBeDisabled();

    await userEvent.click(within(panel).getByRole('button', { name: 'Complete verification (test)' }));

    expect(await heading('Booking received!')).toBeInTheDocument();
    const authenticate = calls.find((c) => c.url === '/api/payments/test-mode/authenticate')!;
    expect(authenticate.method).toBe('POST');
    expect(authenticate.body).toEqual({ clientSecret: 'seti_test_secret_1' });
    const posts = calls.filter((c) => c.method === 'POST' && c.url === '/api/bookings');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers['Idempotency-Key']).toBe(seeded.idempotencyKey);
    expect(posts[1].headers['Idempotency-Key']).toBe(seeded.idempotencyKey);
    expect(calls.indexOf(authenticate)).toBeLessThan(calls.indexOf(posts[1]));
  });

  it('lets the customer pick another card instead of confirming, with a new key', async () => {
    api({
      'POST /api/bookings': () => ({
        status: 402,
        body: { message: 'Your bank asks you to confirm this payment.', code: 'authentication_required', details: { clientSecret: 'secret_2' }, hint: null },
      }),
    });
    const seeded = seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    const panel = await screen.findByRole('region', { name: 'Your bank asks you to confirm this payment' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Use a different card' }));

    expect(await heading('Payment')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
    const stored = JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!) as BookingDraft;
    expect(stored.paymentMethod).toBeNull();
    expect(stored.idempotencyKey).not.toBe(seeded.idempotencyKey);
  });

  it('shows why the test-mode confirmation failed and keeps the way to try again', async () => {
    api({
      'POST /api/bookings': () => ({
        status: 402,
        body: { message: 'Your bank asks you to confirm this payment.', code: 'authentication_required', details: { clientSecret: 'secret_3' }, hint: null },
      }),
      'POST /api/payments/test-mode/authenticate': () => ({ status: 404, body: { message: "We couldn't find that.", code: 'not_found' } }),
    });
    seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    const panel = await screen.findByRole('region', { name: 'Your bank asks you to confirm this payment' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Complete verification (test)' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent("We couldn't find that.");
    expect(within(panel).getByRole('button', { name: 'Complete verification (test)' })).toBeEnabled();
  });

  it('goes back to Date & Time when the slot was taken', async () => {
    const { calls } = api({
      'POST /api/bookings': () => ({ status: 409, body: { message: 'That time is no longer available. Please choose another time.', code: 'slot_unavailable', details: null, hint: null } }),
    });
    seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    expect(await heading('Date & Time')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('That time is no longer available.');
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/slots')).length).toBeGreaterThan(0));
    expect(screen.getByRole('radio', { name: '2:00 PM' })).not.toBeChecked();
  });

  it('goes back to the step of the first failing field with the server\'s messages', async () => {
    api({
      'POST /api/bookings': () => ({
        status: 422,
        body: { message: 'Sorry, we don\'t serve ZIP code 33602 yet.', code: 'outside_service_area', details: { 'address.zip': 'Not served: 33602' }, hint: null },
      }),
    });
    seedDraft('review');
    renderPage();

    await click('Confirm & Book');
    expect(await heading('Address & Schedule')).toBeInTheDocument();
    expect(screen.getByText('Not served: 33602')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('ZIP code')).toHaveFocus());
  });

  it('asks a signed-out customer to sign in, keeping the draft', async () => {
    api({}, SIGNED_OUT);
    seedDraft('signin', { paymentMethod: null });
    renderPage();

    expect(await heading('Sign In')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    await click('Continue');
    expect(await screen.findByText('Please sign in to continue with your booking.')).toBeInTheDocument();
    await click('Sign up');
    expect(screen.getByRole('button', { name: 'Sign up' })).toHaveAttribute('aria-pressed', 'true');
    // one wording: the choice says "Sign up" like /auth, only the form's submit says "Create Account"
    expect(screen.getAllByRole('button', { name: /create account/i }).map((button) => button.textContent)).toEqual(['Create Account']);
    expect(JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!).address.street).toBe('401 Channelside Dr');
  });

  it('restores the draft after a reload', async () => {
    api();
    const { unmount } = renderPage();
    await click('Next');
    await userEvent.click(await screen.findByRole('radio', { name: 'Over 75"' }));
    unmount();

    renderPage();
    expect(await heading('Options & Details')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Over 75"' })).toBeChecked();
  });

  it('shows the not-found message for an unknown service', async () => {
    api();
    renderPage('/book/plumbing');
    expect(await screen.findByRole('heading', { name: /Oops! Page not found/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  describe("the customer's saved addresses and cards", () => {
    const HOME = { id: 'a1', street: '4202 W Kennedy Blvd', unit: null, city: 'Tampa', state: 'FL', zip: '33609', is_default: true };
    const OFFICE = { id: 'a2', street: '100 N Tampa St', unit: 'Suite 200', city: 'Tampa', state: 'FL', zip: '33602', is_default: false };
    const VISA = { id: 'pm_visa', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true };
    const MASTERCARD = { id: 'pm_mc', brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029, is_default: false };
    const saved = {
      'GET /api/account/addresses': () => ({ body: [HOME, OFFICE] }),
      'GET /api/account/payment-methods': () => ({ body: [VISA, MASTERCARD] }),
    };

    it('starts the address step from the default address and fills another one when chosen', async () => {
      api(saved);
      seedDraft('address', { address: { street: '', unit: '', city: 'Tampa', state: 'FL', zip: '' }, paymentMethod: null });
      renderPage();
      expect(await heading('Address & Schedule')).toBeInTheDocument();
      const group = await screen.findByRole('group', { name: 'Saved addresses' });
      await waitFor(() => expect(within(group).getByRole('radio', { name: /4202 W Kennedy Blvd, Tampa, FL 33609/ })).toBeChecked());
      expect(screen.getByLabelText('Street address')).toHaveValue('4202 W Kennedy Blvd');
      expect(screen.getByLabelText('ZIP code')).toHaveValue('33609');

      await userEvent.click(within(group).getByRole('radio', { name: '100 N Tampa St, Suite 200, Tampa, FL 33602' }));
      expect(screen.getByLabelText('Street address')).toHaveValue('100 N Tampa St');
      expect(screen.getByLabelText(/Apt, suite or unit/)).toHaveValue('Suite 200');
      expect(screen.getByLabelText('ZIP code')).toHaveValue('33602');

      // typing something else makes it a new address
      await userEvent.clear(screen.getByLabelText('Street address'));
      await userEvent.type(screen.getByLabelText('Street address'), '1 Main St');
      expect(within(group).getByRole('radio', { name: 'Enter a new address' })).toBeChecked();
    });

    it('keeps an address the customer already typed instead of the default', async () => {
      api(saved);
      seedDraft('address', { paymentMethod: null });
      renderPage();
      const group = await screen.findByRole('group', { name: 'Saved addresses' });
      expect(within(group).getByRole('radio', { name: 'Enter a new address' })).toBeChecked();
      expect(screen.getByLabelText('Street address')).toHaveValue('401 Channelside Dr');
    });

    it('offers the saved cards with the default checked, books with the chosen one, or takes a new card', async () => {
      const { calls } = api(saved);
      seedDraft('payment', { paymentMethod: null });
      renderPage();
      expect(await heading('Payment')).toBeInTheDocument();
      const group = await screen.findByRole('group', { name: 'Saved cards' });
      expect(within(group).getByRole('radio', { name: /Visa ending in 4242 · expires 12\/30/ })).toBeChecked();
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

      await userEvent.click(within(group).getByRole('radio', { name: 'Use a new card' }));
      expect(screen.getByLabelText('Card number')).toBeInTheDocument();

      await userEvent.click(within(group).getByRole('radio', { name: /Mastercard ending in 4444/ }));
      await click('Continue');
      expect(await heading('Review')).toBeInTheDocument();
      expect(screen.getByText('Mastercard ending in 4444')).toBeInTheDocument();
      await click('Confirm & Book');
      expect(await heading('Booking received!')).toBeInTheDocument();
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/bookings')!.body).toMatchObject({ paymentMethodId: 'pm_mc' });
    });

    it('asks nothing of a signed-out customer', async () => {
      const { calls } = api(saved, SIGNED_OUT);
      seedDraft('address', { paymentMethod: null });
      renderPage();
      expect(await heading('Address & Schedule')).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Saved addresses' })).not.toBeInTheDocument();
      expect(calls.some((c) => c.url.startsWith('/api/account/'))).toBe(false);
    });
  });
});
