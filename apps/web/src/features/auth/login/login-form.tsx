import { useState, type FormEvent } from 'react';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginErrorText | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={messages.login.title}>
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
