import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ErrorCode, isSsoBlockedEmail, messages, normalizeEmail } from '@medenglish/shared';
import { muiRegister } from '../../../components/mui-register';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-error';
import { requestPasswordReset } from '../auth-api';

export interface ForgotPasswordFormProps {
  ssoBlockedDomain: string | null | undefined;
  onBack(): void;
}

type Outcome = { kind: 'sent'; text: string } | { kind: 'error'; text: string };

/** SPEC §2/§5 forgot-password form: identity-provider accounts cannot change their password here. */
export default function ForgotPasswordForm({ ssoBlockedDomain, onBack }: ForgotPasswordFormProps) {
  const { showToast } = useToast();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const refuse = (text: string) => {
    setOutcome({ kind: 'error', text });
    showToast({ message: text, severity: 'error' });
  };

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    const address = normalizeEmail(email);
    if (isSsoBlockedEmail(address, ssoBlockedDomain ?? undefined)) {
      refuse(messages.forgot.microsoft);
      return;
    }
    try {
      const text = await requestPasswordReset(address);
      setOutcome({ kind: 'sent', text: text || messages.forgot.sent });
    } catch (error) {
      refuse(isApiError(error, ErrorCode.SSO_BLOCKED) ? messages.forgot.microsoft : messages.forgot.failure);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <Typography>{messages.forgot.intro}</Typography>
        {outcome && (
          <Alert
            severity={outcome.kind === 'sent' ? 'success' : 'error'}
            role={outcome.kind === 'sent' ? 'status' : 'alert'}
          >
            {outcome.text}
          </Alert>
        )}
        <TextField
          {...muiRegister(
            register('email', { validate: (v) => v.trim() !== '' || messages.common.required }),
          )}
          label={messages.login.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {messages.forgot.submit}
        </Button>
        <Button variant="text" onClick={onBack}>
          {messages.forgot.back}
        </Button>
      </Stack>
    </Box>
  );
}
