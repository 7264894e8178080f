/**
 * The booking flow of one service page: holds the draft, decides the step to show, moves
 * between steps (focusing each new step's heading), and renders the step beside the running
 * price. Signed-in customers skip the Sign In step in both directions; Android's back button in
 * the app goes back a step like the Back buttons (lib/back-navigation.ts). Each step viewed and
 * completed, the rules that stop a step and the booking placed are analytics events
 * (hooks/use-funnel-events.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { BookingView } from '@/domain/booking-request';
import { jobDurationMinutes } from '@/domain/booking-options';
import { DEFAULT_SERVICE_AREA_ZIPS } from '@/domain/service-area';
import type { ServiceSlug } from '@/domain/services';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/auth';
import { useBackHandler } from '@/web/lib/back-navigation';
import { bookAgainSeedFrom } from '@/web/lib/book-again';
import { usePublicSettings } from '@/web/lib/public-settings';
import { savedAddressesQueryOptions } from '@/web/lib/saved-addresses';
import { savedCardsQueryOptions } from '@/web/lib/saved-cards';
import { useBookingDraft } from '../hooks/use-booking-draft';
import { FunnelStepContext, trackStepBlocked, useFunnelSteps } from '../hooks/use-funnel-events';
import { useConfirmBooking } from '../hooks/use-confirm-booking';
import { useStepFocus } from '../hooks/use-step-focus';
import type { StepFeedback } from '../utils/booking-rejection';
import { parseOptions, quoteDraft } from '../utils/option-values';
import { taxRateFrom, unitPricesFrom } from '../utils/prices';
import { reachableStep } from '../utils/reachable-step';
import { previousStep, stepOfField, type BookingStep, type DraftStep } from '../utils/steps';
import { AddressStep } from './address-step';
import { ConfirmationStep } from './confirmation-step';
import { DateTimeStep } from './date-time-step';
import { OptionsStep } from './options-step';
import { PaymentStep } from './payment-step';
import { PriceSummary } from './price-summary';
import { ReviewStep } from './review-step';
import { ServiceStep } from './service-step';
import { SignInStep } from './sign-in-step';
import { StepIndicator } from './step-indicator';
import { StepLayout } from './step-layout';

/** The field errors of feedback that belong to a step, named as that step's form names them (without `prefix`). */
function fieldErrorsOf(feedback: StepFeedback | null, step: DraftStep, prefix = ''): Record<string, string> | undefined {
  const entries = Object.entries(feedback?.fields ?? {}).filter(([path]) => stepOfField(path) === step && path.startsWith(prefix));
  return entries.length ? Object.fromEntries(entries.map(([path, message]) => [path.slice(prefix.length), message])) : undefined;
}

export function BookingFlow({ slug }: { slug: ServiceSlug }) {
  const { t } = useTranslation();
  // "Book again" from My Bookings seeds the draft once; the state is then dropped, so a reload keeps the draft.
  const location = useLocation();
  const navigate = useNavigate();
  const [bookAgain] = useState(() => bookAgainSeedFrom(location.state, slug));
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
  const options = parseOptions(optionValues);
  const taxRateBps = taxRateFrom(settings);
  const quote = booking
    ? { lineItems: booking.lineItems, subtotalCents: booking.subtotalCents, taxCents: booking.taxCents, totalCents: booking.totalCents, taxRateBps }
    : quoteDraft(optionValues, unitPricesFrom(settings), taxRateBps);
  const step: BookingStep = booking ? 'confirmation' : reachableStep(draft, signedIn);
  const shownFeedback = feedback?.step === step ? feedback : null;
  const optionErrors = useMemo(() => fieldErrorsOf(feedback, 'options', 'options.'), [feedback]);
  const addressErrors = useMemo(() => fieldErrorsOf(feedback, 'address'), [feedback]);
  useStepFocus(step, headingRef, Boolean((step === 'options' && optionErrors) || (step === 'address' && addressErrors)));
  const funnel = useMemo(() => ({ step, service: draft.service }), [step, draft.service]);
  useFunnelSteps(funnel, booking);

  const { confirm, busy, verification, completeVerification, abandonVerification } = useConfirmBooking({
    draft,
    update,
    payments: settings?.payments,
    onBooked: (made) => {
      clear();
      setFeedback(null);
      setBooking(made);
    },
    onRejected: (rejection) => {
      setFeedback(rejection);
      update({ step: rejection.step });
    },
  });

  const goTo = (next: DraftStep) => {
    setFeedback(null);
    // Leaving Review while the bank waits for a confirmation: whatever comes next is a new request.
    if (next !== 'review') abandonVerification();
    update({ step: next });
  };
  // Android's back button walks back through the steps as each step's Back button does (issue #15).
  useBackHandler(() => {
    const previous = previousStep(step, signedIn);
    if (previous === null) return false;
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
            durationMinutes={options ? jobDurationMinutes(options) : 60}
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
              trackStepBlocked(funnel, 'paymentMethodId', 'validation.paymentMethodRequired');
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
            busy={busy}
            verification={verification}
            onCompleteVerification={completeVerification}
            onUseDifferentCard={() => {
              update({ paymentMethod: null });
              goTo('payment');
            }}
            onEdit={goTo}
            onConfirm={confirm}
            onBack={() => goTo('payment')}
          />
        ) : null;
      case 'confirmation':
        return booking && <ConfirmationStep booking={booking} />;
    }
  }

  const stepMessage = shownFeedback && (shownFeedback.fields?.startAt ?? shownFeedback.fields?.paymentMethodId ?? shownFeedback.message);
  const showRunningPrice = step !== 'review';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-5 text-2xl font-bold text-slate-900 sm:text-3xl">{t('booking.title', { service: t(`services.${booking?.service ?? draft.service}.name`) })}</h1>
      <StepIndicator current={step} />
      {showRunningPrice && <PriceSummary quote={quote} variant="compact" className="mt-5 lg:hidden" />}
      <div className="mt-5 grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <Card className="min-w-0 p-4 sm:p-6">
          <StepLayout
            headingRef={headingRef}
            title={step === 'confirmation' ? t('booking.confirmation.title') : t(`booking.steps.${step}`)}
            description={step === 'confirmation' ? undefined : t(`booking.intro.${step}`)}
            message={stepMessage}
          >
            <FunnelStepContext.Provider value={funnel}>{renderStep()}</FunnelStepContext.Provider>
          </StepLayout>
        </Card>
        {showRunningPrice && (
          <aside className="hidden lg:block">
            <PriceSummary quote={quote} className="sticky top-24" />
          </aside>
        )}
      </div>
    </div>
  );
}
