import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ErrorCode, errorCatalogue, messages, type AccessCode } from '@medenglish/shared';
import { muiRegister } from '../../../components/mui-register';
import { useToast } from '../../../components/toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { lookupAccessCode } from '../auth-api';

export interface CodeStepProps {
  initialCode: string;
  /** Shown when the details step found the code refused by the server. */
  initialError?: string;
  onBack(): void;
  onValid(code: string, accessCode: AccessCode): void;
}

/** Step 0 of account creation: the access code, checked by GET /code/name/{code}. */
export function CodeStep({ initialCode, initialError, onBack, onValid }: CodeStepProps) {
  const { showCatalogueError } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({
    defaultValues: { code: initialCode },
  });

  useEffect(() => {
    if (initialError) setError('code', { message: initialError }, { shouldFocus: true });
  }, [initialError, setError]);

  const onSubmit = handleSubmit(async ({ code }) => {
    const trimmed = code.trim();
    try {
      onValid(trimmed, await lookupAccessCode(trimmed));
    } catch (error) {
      if (isApiError(error, ErrorCode.INVALID_CODE) || isApiError(error, ErrorCode.NOT_FOUND)) {
        setError('code', { message: messages.signup.invalidCode }, { shouldFocus: true });
      } else {
        // SPEC §8 2801 'Missing code data': the code could not be checked at all.
        showCatalogueError(errorCatalogue.missingCode);
        setError('code', { message: errorMessage(error) }, { shouldFocus: true });
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <TextField
          {...muiRegister(register('code', { validate: (v) => v.trim() !== '' || messages.common.required }))}
          label={messages.signup.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          fullWidth
          error={Boolean(errors.code)}
          helperText={errors.code?.message ?? messages.signup.codeHelp}
        />
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between' }}
        >
          <Button variant="text" onClick={onBack}>
            {messages.forgot.back}
          </Button>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {messages.signup.next}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
