import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';
import { usePublicConfig } from '../../api/public-config';
import { Footer } from '../../components/footer';
import { OpenInNewIcon } from '../../components/icons';
import { LanguageButton } from '../../components/language-button';
import { LazyFallback } from '../../components/lazy-fallback';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useDocumentTitle } from '../../components/use-document-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { readStorage, removeStorage, storageKeys } from '../../lib/storage';
import { LandingHero } from './landing-hero';
import { LoginForm } from './login/login-form';
import { PublicBanners } from './public-banners';
import { rememberSignupParams } from './signup-params';

// Loaded on demand so that the login route stays light (performance budget of the first route).
const ForgotPasswordForm = lazy(() => import('./forgot-password/forgot-password-form'));
const SignupWizard = lazy(() => import('./signup/signup-wizard'));
const ResetPasswordDialog = lazy(() => import('./reset-password/reset-password-dialog'));
// Only a return from a school's sign-on needs it (and its dialog): not in the first route.
const SsoReturn = lazy(() => import('./sso-return'));

type View = 'login' | 'forgot' | 'signup';

const titleOf = (view: View): string =>
  ({ login: messages.login.title, forgot: messages.forgot.title, signup: messages.signup.title })[view];

/** SPEC §2 '/': login, forgot password, account creation, help link, banners and footer. */
export default function LandingPage() {
  const [params, setParams] = useSearchParams();
  // Read once: the return handler clears the address, and stays to show what happened.
  const [ssoReturn] = useState(() => params.has('sso') || params.has('sso_error'));
  const { data: config } = usePublicConfig();
  const [signupParams] = useState(() => rememberSignupParams(params));
  const [view, setView] = useState<View>(() => (params.get('code') ? 'signup' : 'login'));
  const [logoutReason] = useState(() => readStorage(storageKeys.logoutReason, 'session'));
  const idleNotice = logoutReason === 'idle';
  const blockedNotice = logoutReason === 'companyBlocked';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const resetToken = params.get('token');
  useDocumentTitle(titleOf(view));

  useEffect(() => {
    if (idleNotice || blockedNotice) removeStorage(storageKeys.logoutReason, 'session');
  }, [idleNotice, blockedNotice]);

  // Moving between views moves the focus to the new title, so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view]);

  const closeResetDialog = () => {
    const next = new URLSearchParams(params);
    next.delete('token');
    setParams(next, { replace: true });
  };

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
        bgcolor: 'background.default',
      }}
    >
      <SkipLink />
      <LandingHero />
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            px: 2,
            py: { xs: 3, md: 6 },
            outline: 'none',
          }}
        >
          <Stack spacing={2.5} sx={{ width: '100%', maxWidth: view === 'signup' ? 560 : 440 }}>
            <LanguageButton />
            <PublicBanners config={config} />
            {idleNotice && (
              <Alert severity="info" role="status">
                {messages.idle.loggedOut}
              </Alert>
            )}
            {ssoReturn && (
              <Suspense fallback={null}>
                <SsoReturn
                  portalOf={(id) =>
                    config?.ssoProviders.find((p) => p.id === id)?.label ?? messages.login.ssoPortal
                  }
                />
              </Suspense>
            )}
            {blockedNotice && (
              <Alert severity="warning" role="status">
                {messages.login.companyBlocked}
              </Alert>
            )}
            <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
              <Typography
                component="h2"
                variant="h2"
                ref={headingRef}
                tabIndex={-1}
                sx={{ mb: 3, outline: 'none' }}
              >
                {titleOf(view)}
              </Typography>
              <Suspense fallback={<LazyFallback />}>
                {view === 'login' && (
                  <>
                    <LoginForm
                      ssoBlockedDomain={config?.ssoBlockedDomain}
                      onForgotPassword={() => setView('forgot')}
                    />
                    {/* Single sign-on (issue 16): one button per school provider; a plain link,
                        since the whole page goes to the school and comes back. */}
                    {(config?.ssoProviders ?? []).map((provider) => (
                      <Button
                        key={provider.id}
                        variant="outlined"
                        size="large"
                        fullWidth
                        href={`/api/sso/${encodeURIComponent(provider.id)}/start`}
                        sx={{ mt: 2 }}
                      >
                        {(config?.ssoProviders.length ?? 0) > 1
                          ? `${messages.login.ssoButton} (${provider.label})`
                          : messages.login.ssoButton}
                      </Button>
                    ))}
                    <Stack
                      spacing={1.5}
                      sx={{ alignItems: 'center', mt: 3, pt: 3, borderTop: 1, borderColor: 'divider' }}
                    >
                      <Typography color="text.secondary">{messages.landing.noAccount}</Typography>
                      <Button variant="outlined" size="large" fullWidth onClick={() => setView('signup')}>
                        {messages.login.createAccount}
                      </Button>
                    </Stack>
                  </>
                )}
                {view === 'forgot' && (
                  <ForgotPasswordForm
                    ssoBlockedDomain={config?.ssoBlockedDomain}
                    onBack={() => setView('login')}
                  />
                )}
                {view === 'signup' && (
                  <SignupWizard
                    initialCode={signupParams.code}
                    initialSemester={signupParams.semester}
                    onCancel={() => setView('login')}
                  />
                )}
              </Suspense>
            </Paper>
            {config?.helpUrl && (
              <Link
                href={config.helpUrl}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ alignSelf: 'center', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                {messages.login.help}
                <OpenInNewIcon fontSize="small" />
                <Box component="span" sx={visuallyHidden}>
                  {messages.common.newTab}
                </Box>
              </Link>
            )}
          </Stack>
        </Box>
        <Footer />
      </Box>
      {resetToken && (
        <Suspense fallback={null}>
          <ResetPasswordDialog token={resetToken} onClose={closeResetDialog} />
        </Suspense>
      )}
    </Box>
  );
}
