import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { isMostlyOneCharacter, isValidPassword, messages, TOAST_DURATION_MS } from '@medenglish/shared';
import { muiRegister } from '../../../components/mui-register';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-error';
import { resetPassword } from '../auth-api';

interface ResetValues {
  password: string;
  confirm: string;
}

export interface ResetPasswordDialogProps {
  token: string;
  onClose(): void;
}

/** SPEC §2: ?token=… opens this dialog; PUT /resetPassword sets the new password. */
export default function ResetPasswordDialog({ token, onClose }: ResetPasswordDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ mode: 'onTouched', defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await resetPassword(token, password);
      showToast({
        message: messages.reset.success,
        severity: 'success',
        durationMs: TOAST_DURATION_MS.password,
      });
      onClose();
    } catch (error) {
      // The server says why ('Invalid body', 'Token expired, please ask for a new password', …).
      setServerError(errorMessage(error));
      showToast({
        message: messages.reset.failure,
        severity: 'error',
        durationMs: TOAST_DURATION_MS.password,
      });
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="reset-password-title"
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="reset-password-title">{messages.reset.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <PasswordField
              {...muiRegister(
                register('password', {
                  validate: (v) => {
                    if (!isValidPassword(v)) return messages.password.rule;
                    // Issue 20: seen here at once; a common password is refused by the server, which says why.
                    return !isMostlyOneCharacter(v) || messages.password.repeated;
                  },
                }),
              )}
              label={messages.password.newPassword}
              autoComplete="new-password"
              required
              autoFocus
              error={Boolean(errors.password)}
              helperText={errors.password?.message ?? messages.password.rule}
            />
            <PasswordField
              {...muiRegister(
                register('confirm', {
                  validate: (v, values) => v === values.password || messages.password.mismatch,
                }),
              )}
              label={messages.password.confirm}
              autoComplete="new-password"
              required
              error={Boolean(errors.confirm)}
              helperText={errors.confirm?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{messages.common.close}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {messages.reset.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
