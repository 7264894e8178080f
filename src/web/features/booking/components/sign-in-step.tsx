/**
 * Step 5, Sign In: shown only to signed-out customers (the flow skips it otherwise). Sign in or
 * create an account right here; the draft stays in session storage, so nothing is lost.
 * "Continue" while signed out explains that signing in is required. "Continue with Google" (when
 * configured) comes back to this page, and the draft resumes after the Sign In step. The
 * choice reads like /auth's tabs ("Sign in" / "Sign up"); only the form's submit says "Create Account".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GoogleSignInButton } from '@/web/components/auth/google-sign-in-button';
import { SignInForm } from '@/web/components/auth/sign-in-form';
import { SignUpForm } from '@/web/components/auth/sign-up-form';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { useStepBlocked } from '../hooks/use-funnel-events';
import { StepActions } from './step-layout';

export interface SignInStepProps {
  signedIn: boolean;
  /** Runs after signing in or up here, and on "Continue" once signed in. */
  onSignedIn: () => void;
  onBack: () => void;
}

export function SignInStep({ signedIn, onSignedIn, onBack }: SignInStepProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'signIn' | 'signUp'>('signIn');
  const [showRequired, setShowRequired] = useState(false);
  const location = useLocation();
  const blocked = useStepBlocked();

  function proceed() {
    if (signedIn) return onSignedIn();
    blocked('signIn', 'validation.signInRequired');
    setShowRequired(true);
  }

  return (
    <div className="space-y-6">
      <GoogleSignInButton returnPath={`${location.pathname}${location.search}`} />
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={t('booking.signIn.modeLabel')}>
        {(['signIn', 'signUp'] as const).map((key) => (
          <Button
            key={key}
            variant={mode === key ? 'outline' : 'ghost'}
            aria-pressed={mode === key}
            onClick={() => setMode(key)}
          >
            {key === 'signIn' ? t('auth.signInTab') : t('auth.signUpTab')}
          </Button>
        ))}
      </div>
      {mode === 'signIn' ? <SignInForm onSuccess={onSignedIn} /> : <SignUpForm onSuccess={onSignedIn} />}
      <div aria-live="polite">
        <FieldError id="sign-in-required" message={showRequired && !signedIn ? t('validation.signInRequired') : null} />
      </div>
      <StepActions onBack={onBack} submitLabel={t('booking.actions.continue')} onSubmit={proceed} />
    </div>
  );
}
