import { useMemo, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ErrorCode,
  isValidAccountEmail,
  isValidPassword,
  messages,
  normalizeEmail,
  TYPE_SITE,
  type AccessCode,
  type AuthData,
} from '@medenglish/shared';
import { getLanguage } from '../../../lib/language';
import { muiRegister } from '../../../components/mui-register';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-error';
import { createAccount, isEmailAvailable, passwordProblem, type SignupRequest } from '../auth-api';
import { buildDetailsSchema, emptyDetails, type DetailsValues } from './details-schema';
import { NeedsSelect } from './needs-select';

export interface DetailsFormProps {
  code: string;
  accessCode: AccessCode;
  /** Pre-selected semester (?sem=), used when the code offers it. */
  initialSemester?: string | null;
  onBack(): void;
  onInvalidCode(): void;
  onCreated(auth: AuthData, email: string): void;
}

const fieldNames = new Set<string>(Object.keys(emptyDetails('')));

function toRequest(values: DetailsValues, code: string, needs: boolean): SignupRequest {
  const common = {
    email: normalizeEmail(values.email),
    password: values.password,
    firstname: values.firstname.trim(),
    name: values.name.trim(),
    code,
    consent: true as const,
    // The new account keeps the language the form was read in.
    language: getLanguage(),
    typeSite: TYPE_SITE,
  };
  return needs
    ? { ...common, phone: values.phone.trim(), jobTitle: values.jobTitle.trim(), needs: values.needs }
    : { ...common, semester: Number(values.semester) };
}

/** Step 1 of account creation (SPEC §4/§5): the details form. */
export function DetailsForm({
  code,
  accessCode,
  initialSemester,
  onBack,
  onInvalidCode,
  onCreated,
}: DetailsFormProps) {
  const { showToast } = useToast();
  const needs = accessCode.needs;
  const semesters = accessCode.semesters;
  // Addresses the server reported as taken; a stable Set that validation reads synchronously.
  const [takenEmails] = useState(() => new Set<string>());
  // Passwords the server has judged (issue 20), with its reason when too easy to guess.
  const [judgedPasswords] = useState(() => new Map<string, string | null>());
  const schema = useMemo(
    () =>
      buildDetailsSchema({
        needs,
        isEmailTaken: (email) => takenEmails.has(email),
        passwordProblem: (password) => judgedPasswords.get(password) ?? null,
      }),
    [needs, takenEmails, judgedPasswords],
  );
  const preselected = initialSemester && semesters.includes(Number(initialSemester)) ? initialSemester : '';
  const {
    register,
    control,
    handleSubmit,
    trigger,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DetailsValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: emptyDetails(preselected),
  });

  /** SPEC §5: uniqueness is checked on blur, once the address is well formed. */
  const checkEmail = async (raw: string) => {
    const email = normalizeEmail(raw);
    if (!isValidAccountEmail(email) || takenEmails.has(email)) return;
    try {
      if (!(await isEmailAvailable(email))) {
        takenEmails.add(email);
        await trigger('email');
      }
    } catch (error) {
      // Issue 32: an address of a school that signs in through its own button says so at once.
      const refusal = isApiError(error, ErrorCode.VALIDATION) ? error.fields?.email : undefined;
      if (refusal) setError('email', { message: refusal });
      // Otherwise the server checks again on submit; a failed check must not block the learner.
    }
  };

  /** Issue 20: whether the password is one attackers try first, asked on blur. */
  const checkPassword = async (password: string) => {
    if (!isValidPassword(password) || judgedPasswords.has(password)) return;
    try {
      const problem = await passwordProblem(password);
      judgedPasswords.set(password, problem);
      if (problem) await trigger('password');
    } catch {
      // The server checks again on submit; a failed check must not block the learner.
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const auth = await createAccount(toRequest(values, code, needs));
      onCreated(auth, normalizeEmail(values.email));
    } catch (error) {
      showToast({ message: messages.signup.failure, severity: 'error' });
      if (isApiError(error, ErrorCode.EMAIL_TAKEN)) {
        takenEmails.add(normalizeEmail(values.email));
        setError('email', { message: messages.signup.emailTaken }, { shouldFocus: true });
      } else if (isApiError(error, ErrorCode.INVALID_CODE)) {
        onInvalidCode();
      } else if (isApiError(error, ErrorCode.VALIDATION) && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (fieldNames.has(field)) setError(field as Path<DetailsValues>, { message });
        }
      }
    }
  });

  const emailField = register('email');
  const passwordField = register('password');
  const fieldError = (name: keyof DetailsValues) => ({
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <TextField
          {...muiRegister(emailField)}
          onBlur={(event) => {
            void emailField.onBlur(event);
            void checkEmail(event.target.value);
          }}
          label={messages.signup.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          fullWidth
          {...fieldError('email')}
        />
        <TextField
          {...muiRegister(register('emailConfirm'))}
          label={messages.signup.emailConfirm}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          fullWidth
          {...fieldError('emailConfirm')}
        />
        <PasswordField
          {...muiRegister(passwordField)}
          onBlur={(event) => {
            void passwordField.onBlur(event);
            void checkPassword(event.target.value);
          }}
          label={messages.login.password}
          autoComplete="new-password"
          required
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? messages.password.rule}
        />
        <PasswordField
          {...muiRegister(register('passwordConfirm'))}
          label={messages.password.confirm}
          autoComplete="new-password"
          required
          {...fieldError('passwordConfirm')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...muiRegister(register('firstname'))}
            label={messages.signup.firstname}
            autoComplete="given-name"
            required
            fullWidth
            {...fieldError('firstname')}
          />
          <TextField
            {...muiRegister(register('name'))}
            label={messages.signup.lastname}
            autoComplete="family-name"
            required
            fullWidth
            {...fieldError('name')}
          />
        </Stack>
        {needs ? (
          <>
            <TextField
              {...muiRegister(register('phone'))}
              label={messages.signup.phone}
              type="tel"
              autoComplete="tel"
              required
              fullWidth
              {...fieldError('phone')}
            />
            <TextField
              {...muiRegister(register('jobTitle'))}
              label={messages.signup.jobTitle}
              autoComplete="organization-title"
              required
              fullWidth
              {...fieldError('jobTitle')}
            />
            <Controller
              control={control}
              name="needs"
              render={({ field }) => (
                <NeedsSelect
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.needs?.message}
                />
              )}
            />
          </>
        ) : semesters.length === 0 ? (
          <Alert severity="warning">{messages.signup.noSemester}</Alert>
        ) : (
          <TextField
            {...muiRegister(register('semester'))}
            select
            label={accessCode.isCompany ? messages.signup.path : messages.signup.semester}
            required
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...fieldError('semester')}
          >
            <option value="" disabled>
              {messages.signup.choose}
            </option>
            {semesters.map((semester) => (
              <option key={semester} value={String(semester)}>
                {semester}
              </option>
            ))}
          </TextField>
        )}
        <Controller
          control={control}
          name="consent"
          render={({ field }) => (
            <FormControl required error={Boolean(errors.consent)}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    slotProps={{
                      input: { 'aria-describedby': errors.consent ? 'consent-error' : undefined },
                    }}
                  />
                }
                label={messages.signup.consent}
              />
              {errors.consent && <FormHelperText id="consent-error">{errors.consent.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between' }}
        >
          <Button variant="text" onClick={onBack}>
            {messages.signup.back}
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isSubmitting}
            disabled={!needs && semesters.length === 0}
          >
            {messages.signup.submit}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
