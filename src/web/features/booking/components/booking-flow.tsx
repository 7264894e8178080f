/**
 * The booking flow of one service page: holds the draft, decides the step to show, moves
 * between steps (focusing each new step's heading), and renders the step beside the running
 * price. Signed-in customers skip the Sign In step in both directions; Android's back button in
 * the app goes back a step like the Back buttons (lib/back-navigation.ts). Each step viewed and
 * completed, the rules that stop a step and the booking placed are analytics events
 * (hooks/use-funnel-events.ts). Only the first step is in the page's own chunk; the later steps
 * and the draft's schema rules are lazy chunks fetched on the customer's first touch (issue #16,
 * components/lazy-step.tsx, hooks/use-draft-rules.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { BookingView } from '@/domain/booking-request';
import { DEFAULT_SERVICE_AREA_ZIPS } from '@/domain/service-area';
import type { ServiceSlug } from '@/domain/services';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { HydrateLater } from '@/web/components/layout/hydrate-later';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/auth';
import { useBackHandler } from '@/web/lib/back-navigation';
import { loadRouteMessages, type RouteMessages } from '@/web/lib/i18n';
import { usePublicSettings } from '@/web/lib/public-settings';
import { savedAddressesQueryOptions } from '@/web/lib/saved-addresses';
import { savedCardsQueryOptions } from '@/web/lib/saved-cards';
import { useBookingDraft } from '../hooks/use-booking-draft';
import { loadDraftRules, useDraftRules } from '../hooks/use-draft-rules';
import { FunnelStepContext, trackStepBlocked, useFunnelSteps } from '../hooks/use-funnel-events';
import { useStepFocus } from '../hooks/use-step-focus';
import type { StepFeedback } from '../utils/booking-rejection';
import type { DraftRules } from '../utils/draft-rules';
import { quoteDraft } from '../utils/option-values';
import { taxRateFrom, unitPricesFrom } from '../utils/prices';
import { previousStep, stepOfField, type BookingStep, type DraftStep } from '../utils/steps';
import { lazyStep } from './lazy-step';
import { PriceSummary } from './price-summary';
import { ServiceStep } from './service-step';
import { StepIndicator } from './step-indicator';
import { StepLayout } from './step-layout';

// Issue #16: the first step is in the page's chunk; each later step is its own chunk, fetched
// with the app's other words (forms, payments, sign-in: lib/i18n.ts `app`) and the draft rules
// on the customer's first touch, key or focus (usually well before they press Next), at once for
// a draft past the first step, or when a step is reached first. Loading them during the page's
// start instead cost a phone ~200 ms of blocked main thread (Lighthouse, 4x slower CPU).
const withAppWords = <T,>(load: () => Promise<T>, ...more: RouteMessages[]) =>
  Promise.all([load(), loadRouteMessages('app'), ...more.map(loadRouteMessages)]).then(([module]) => module);
const OptionsStep = lazyStep(() => withAppWords(() => import('./options-step')).then((m) => m.OptionsStep));
const DateTimeStep = lazyStep(() => withAppWords(() => import('./date-time-step')).then((m) => m.DateTimeStep));
const AddressStep = lazyStep(() => withAppWords(() => import('./address-step')).then((m) => m.AddressStep));
const SignInStep = lazyStep(() => withAppWords(() => import('./sign-in-step')).then((m) => m.SignInStep));
const PaymentStep = lazyStep(() => withAppWords(() => import('./payment-step')).then((m) => m.PaymentStep));
const ReviewStep = lazyStep(() => withAppWords(() => import('./review-step')).then((m) => m.ConfirmingReviewStep));
const ConfirmationStep = lazyStep(() => withAppWords(() => import('./confirmation-step'), 'live-status').then((m) => m.ConfirmationStep));

const LATER_STEPS = [OptionsStep, DateTimeStep, AddressStep, SignInStep, PaymentStep, ReviewStep, ConfirmationStep];

/** Fetches the draft rules and every later step (with the app's words); resolves when all are in. */
export function preloadBookingFlow(): Promise<unknown> {
  return Promise.all([loadDraftRules(), ...LATER_STEPS.map((step) => step.preload())]);
}

/** The first signs that someone is using the page (not scrolling past it on load). */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Fetches the later steps and the draft rules on the first touch, key or focus anywhere on the
 * page, or at once with `now` (a draft past the first step), so moving on shows no "Loading...".
 */
function usePreloadOnIntent(now: boolean) {
  useEffect(() => {
    const preload = () => void preloadBookingFlow().catch(() => undefined); // a step's own render retries and reports
    if (now) return preload();
    const onIntent = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
      preload();
    };
    for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
    };
  }, [now]);
}

/**
 * The step to show: the confirmation once booked; otherwise the furthest step the draft may be
 * on (the draft rules, utils/reachable-step.ts). Without the rules loaded yet only a draft on the
 * first step can be placed (reachableStep keeps it there without checking anything); any other
 * draft waits for them (null).
 */
function stepToShow(rules: DraftRules | null, booked: boolean, draft: Parameters<DraftRules['reachableStep']>[0], signedIn: boolean | null): BookingStep | null {
  if (booked) return 'confirmation';
  if (rules) return rules.reachableStep(draft, signedIn);
  return draft.step === 'service' ? 'service' : null;
}

/** The field errors of feedback that belong to a step, named as that step's form names them (without `prefix`). */
function fieldErrorsOf(feedback: StepFeedback | null, step: DraftStep, prefix = ''): Record<string, string> | undefined {
  const entries = Object.entries(feedback?.fields ?? {}).filter(([path]) => stepOfField(path) === step && path.startsWith(prefix));
  return entries.length ? Object.fromEntries(entries.map(([path, message]) => [path.slice(prefix.length), message])) : undefined;
}

export function BookingFlow({ slug }: { slug: ServiceSlug }) {
  const location = useLocation();
  // Wanted at once for "Book again" or a draft past the first step (reported by Flow); else loaded on the first touch.
  const [rulesWanted, setRulesWanted] = useState(location.state != null);
  const rules = useDraftRules(rulesWanted);
  // "Book again" (location state from My Bookings) is checked with the draft rules before the draft starts from it.
  if (location.state != null && !rules) return <LoadingScreen />;
  return <Flow slug={slug} rules={rules} onRulesWanted={() => setRulesWanted(true)} />;
}

function Flow({ slug, rules, onRulesWanted }: { slug: ServiceSlug; rules: DraftRules | null; onRulesWanted: () => void }) {
  const { t } = useTranslation();
  // "Book again" from My Bookings seeds the draft once; the state is then dropped, so a reload keeps the draft.
  const location = useLocation();
  const navigate = useNavigate();
  const [bookAgain] = useState(() => (rules && location.state != null ? rules.bookAgainSeedFrom(location.state, slug) : null));
  const { draft, update, clear } = useBookingDraft(slug, bookAgain);
  useEffect(() => {
    if (bookAgain) void navigate(location.pathname + location.search, { replace: true, state: null });
  }, []);
  const me = useMe();
  const settingsQuery = usePublicSettings();
  const settings = settingsQuery.data;
  const signedIn = me.isPending ? null : Boolean(me.data?.user);
  // Offered at the Address and Payment steps; a failure to load them just means typing them.
  const savedAddresses = useQuery({ ...savedAddressesQueryOptions, enabled: Boolean(signedIn) });
  const accountCards = useQuery({ ...savedCardsQueryOptions, enabled: Boolean(signedIn) });
  const [booking, setBooking] = useState<BookingView | null>(null);
  const [feedback, setFeedback] = useState<StepFeedback | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const optionValues = draft.options[draft.service];
  const options = rules?.parseOptions(optionValues) ?? null;
  const taxRateBps = taxRateFrom(settings);
  const quote = booking
    ? { lineItems: booking.lineItems, subtotalCents: booking.subtotalCents, taxCents: booking.taxCents, totalCents: booking.totalCents, taxRateBps }
    : quoteDraft(optionValues, unitPricesFrom(settings), taxRateBps);
  const step = stepToShow(rules, Boolean(booking), draft, signedIn);
  const pastFirstStep = draft.step !== 'service';
  usePreloadOnIntent(pastFirstStep);
  useEffect(() => {
    if (pastFirstStep) onRulesWanted();
  }, [pastFirstStep]);
  const shownFeedback = feedback?.step === step ? feedback : null;
  const optionErrors = useMemo(() => fieldErrorsOf(feedback, 'options', 'options.'), [feedback]);
  const addressErrors = useMemo(() => fieldErrorsOf(feedback, 'address'), [feedback]);
  useStepFocus(step, headingRef, Boolean((step === 'options' && optionErrors) || (step === 'address' && addressErrors)));
  const funnel = useMemo(() => (step ? { step, service: draft.service } : null), [step, draft.service]);
  useFunnelSteps(funnel, booking);

  const confirmation = {
    draft,
    update,
    payments: settings?.payments,
    onBooked: (made: BookingView) => {
      clear();
      setFeedback(null);
      setBooking(made);
    },
    onRejected: (rejection: StepFeedback) => {
      setFeedback(rejection);
      update({ step: rejection.step });
    },
    rules,
  };

  const goTo = (next: DraftStep) => {
    setFeedback(null);
    update({ step: next });
  };
  // Android's back button walks back through the steps as each step's Back button does (issue #15).
  useBackHandler(() => {
    const previous = step && previousStep(step, signedIn);
    if (!previous) return false;
    goTo(previous);
    return true;
  });

  function renderStep() {
    switch (step) {
      case 'service':
        return <ServiceStep service={draft.service} settings={settings} onSelect={(service) => update({ service })} onNext={() => goTo('options')} />;
      case 'options':
        return (
          <OptionsStep
            key={draft.service}
            options={draft.options}
            service={draft.service}
            update={update}
            serverErrors={optionErrors}
            onSubmit={() => goTo('datetime')}
            onBack={() => goTo('service')}
          />
        );
      case 'datetime':
        return (
          <DateTimeStep
            slug={draft.service}
            durationMinutes={options && rules ? rules.jobDurationMinutes(options) : 60}
            date={draft.date}
            startAt={draft.startAt}
            onChange={({ date, startAt }) => update({ date, startAt })}
            onNext={() => goTo('address')}
            onBack={() => goTo('options')}
          />
        );
      case 'address':
        return (
          <AddressStep
            values={{ address: draft.address, contactPhone: draft.contactPhone || me.data?.profile?.phone || '', notes: draft.notes, saveAddress: draft.saveAddress }}
            onChange={({ address, contactPhone, notes, saveAddress }) => update({ address, contactPhone, notes, saveAddress })}
            serverErrors={addressErrors}
            startAt={draft.startAt}
            serviceAreaZips={settings?.serviceAreaZips ?? DEFAULT_SERVICE_AREA_ZIPS}
            savedAddresses={signedIn ? savedAddresses.data : undefined}
            onChangeTime={() => goTo('datetime')}
            onSubmit={() => goTo(signedIn ? 'payment' : 'signin')}
            onBack={() => goTo('datetime')}
          />
        );
      case 'signin':
        return <SignInStep signedIn={Boolean(signedIn)} onSignedIn={() => goTo('payment')} onBack={() => goTo('address')} />;
      case 'payment':
        return (
          <PaymentStep
            settings={settings}
            settingsError={settingsQuery.isError}
            holdCents={quote.totalCents}
            startAt={draft.startAt}
            savedCard={draft.paymentMethod}
            accountCards={signedIn ? accountCards.data : undefined}
            onCardSaved={(card) => {
              setFeedback(null);
              update({ paymentMethod: card, step: 'review' });
            }}
            onForgetCard={() => update({ paymentMethod: null })}
            onContinue={() => {
              if (draft.paymentMethod) return goTo('review');
              if (funnel) trackStepBlocked(funnel, 'paymentMethodId', 'validation.paymentMethodRequired');
              setFeedback({ step: 'payment', message: t('validation.paymentMethodRequired') });
            }}
            onBack={() => goTo(signedIn ? 'address' : 'signin')}
          />
        );
      case 'review':
        return options ? (
          <ReviewStep
            draft={draft}
            options={options}
            quote={quote}
            confirmation={confirmation}
            onUseDifferentCard={() => {
              update({ paymentMethod: null });
              goTo('payment');
            }}
            onEdit={goTo}
            onBack={() => goTo('payment')}
          />
        ) : null;
      case 'confirmation':
        return booking && <ConfirmationStep booking={booking} />;
    }
  }

  // A draft past the first step waits for the draft rules (a few hundred ms on a slow phone).
  if (!step) return <LoadingScreen />;
  const stepMessage = shownFeedback && (shownFeedback.fields?.startAt ?? shownFeedback.fields?.paymentMethodId ?? shownFeedback.message);
  const showRunningPrice = step !== 'review';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-5 text-2xl font-bold text-slate-900 sm:text-3xl">{t('booking.title', { service: t(`services.${booking?.service ?? draft.service}.name`) })}</h1>
      {/* On the prerendered first step, the steps and the running price are taken over in tasks of their own after the step (decision 058). */}
      <HydrateLater part="booking-steps">
        <StepIndicator current={step} />
      </HydrateLater>
      {showRunningPrice && (
        <HydrateLater part="booking-price-compact">
          <PriceSummary quote={quote} variant="compact" className="mt-5 lg:hidden" />
        </HydrateLater>
      )}
      <div className="mt-5 grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <Card className="min-w-0 p-4 sm:p-6">
          <StepLayout
            headingRef={headingRef}
            title={step === 'confirmation' ? t('booking.confirmation.title') : t(`booking.steps.${step}`)}
            description={step === 'confirmation' ? undefined : t(`booking.intro.${step}`)}
            message={stepMessage}
          >
            <FunnelStepContext.Provider value={funnel}>
              <Suspense fallback={<StepLoading />}>{renderStep()}</Suspense>
            </FunnelStepContext.Provider>
          </StepLayout>
        </Card>
        {showRunningPrice && (
          <HydrateLater part="booking-price">
            <aside className="hidden lg:block">
              <PriceSummary quote={quote} className="sticky top-24" />
            </aside>
          </HydrateLater>
        )}
      </div>
    </div>
  );
}

/** Shown in the step's place while a later step's chunk loads (it is usually preloaded by then). */
function StepLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-slate-600">
      {t('common.loading')}
    </p>
  );
}
