import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { ErrorCode, errorCatalogue, isSsoBlockedEmail, messages } from '@medenglish/shared';
import { PasswordField } from '../../../components/password-field';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-error';
import { readDrawnLogin, sameButton } from '../../../lib/drawn-login';
import { login } from '../auth-api';
import { completeLogin } from '../complete-login';
import { MAINTENANCE_BANNER_ID } from '../public-banners';
import { returnPathOf } from '../return-path';
import { describeLoginError, type LoginErrorText } from './login-error';

export interface LoginFormProps {
  ssoBlockedDomain: string | null | undefined;
  onForgotPassword(): void;
}

interface FieldErrors {
  email?: string;
  password?: string;
}

/**
 * SPEC §2/§4 login form. Two required fields need no form library: plain state keeps
 * react-hook-form out of the first route's bundle.
 */
export function LoginForm({ ssoBlockedDomain, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { showCatalogueError } = useToast();
  // What the visitor typed in the card the server drew, before the app took over (lib/drawn-login).
  const [drawn] = useState(() => readDrawnLogin());
  const [email, setEmail] = useState(drawn?.email ?? '');
  const [password, setPassword] = useState(drawn?.password ?? '');
  const [submitDrawn, setSubmitDrawn] = useState(false);
  const [clickDrawn, setClickDrawn] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginErrorText | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // The commit has just replaced the drawn form: what was typed since the render, the focus (the
  // caret at the end), and a submit or a button's click asked for before the app ran carry over.
  useLayoutEffect(() => {
    const latest = readDrawnLogin(true);
    if (!latest) return;
    setEmail(latest.email);
    setPassword(latest.password);
    const field = latest.focused ? formRef.current?.elements.namedItem(latest.focused) : null;
    if (field instanceof HTMLInputElement) {
      field.focus();
      try {
        field.setSelectionRange(field.value.length, field.value.length);
      } catch {
        // An e-mail input has no caret position to set: the focus is enough.
      }
    }
    if (latest.submitted) setSubmitDrawn(true);
    else if (latest.clicked !== null) setClickDrawn(latest.clicked);
  }, []);
  // Once the state holds the drawn values (the submit reads them).
  useEffect(() => {
    if (!submitDrawn) return;
    setSubmitDrawn(false);
    formRef.current?.requestSubmit();
  }, [submitDrawn]);
  useEffect(() => {
    if (clickDrawn === null) return;
    setClickDrawn(null);
    sameButton(clickDrawn)?.click();
  }, [clickDrawn]);

  const fail = (error: unknown) => {
    // The platform is closed: the banner above already says until when; point to it, not twice.
    const banner = document.getElementById(MAINTENANCE_BANNER_ID);
    if (isApiError(error, ErrorCode.MAINTENANCE) && banner) {
      banner.focus();
      return;
    }
    setFailure(describeLoginError(error));
    // SPEC §8 2401: the toast is for a login that went wrong (network, server), not for a refusal
    // the form already explains: on a phone it would cover the button for 6 s at every typo.
    if (!isApiError(error) || error.status === 0 || error.status >= 500)
      showCatalogueError(errorCatalogue.login);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // SPEC §5: the login email is trimmed.
    const trimmed = email.trim();
    const errors: FieldErrors = {
      email: trimmed ? undefined : messages.common.required,
      password: password ? undefined : messages.common.required,
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    // SPEC §5: identity-provider addresses must use the school's sign-on (the server checks too).
    if (isSsoBlockedEmail(trimmed, ssoBlockedDomain ?? undefined)) {
      setFailure({ title: messages.login.ssoBlocked });
      return;
    }
    setSubmitting(true);
    try {
      const auth = await login({ email: trimmed, password });
      const outcome = await completeLogin(queryClient, auth, trimmed, 'session');
      if (outcome.groupsFailed) showCatalogueError(errorCatalogue.missingGroups);
      // A page asked for while logged out opens now (the placement test still comes first).
      const asked = returnPathOf(location.state);
      navigate(outcome.destination === '/dashboard' && asked ? asked : outcome.destination, {
        replace: true,
      });
    } catch (error) {
      fail(error);
      setSubmitting(false);
    }
  };

  return (
    // POST, never GET: the server's drawn copy of this form, submitted before any script ran, must
    // not put the password in the address (the server answers a POST to '/' with the page again).
    <Box
      component="form"
      ref={formRef}
      method="post"
      action="/"
      noValidate
      onSubmit={onSubmit}
      aria-label={messages.login.title}
    >
      <Stack spacing={2}>
        {failure && (
          <Alert severity="error">
            <AlertTitle sx={{ mb: failure.detail ? 0.5 : 0 }}>{failure.title}</AlertTitle>
            {failure.detail}
          </Alert>
        )}
        <TextInput
          name="email"
          label={messages.login.email}
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email}
        />
        <PasswordField
          name="password"
          label={messages.login.password}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component="button" type="button" onClick={onForgotPassword} variant="body2">
            {messages.login.forgotLink}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
          {messages.login.submit}
        </Button>
      </Stack>
    </Box>
  );
}
