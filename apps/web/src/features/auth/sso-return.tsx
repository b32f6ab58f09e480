import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { ErrorCode, errorCatalogue, isValidName, messages, type SsoExchangeAnswer } from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { writeJson, storageKeys } from '../../lib/storage';
import { completeLogin } from './complete-login';

type Pending = Extract<SsoExchangeAnswer, { kind: 'signup' }> & { code: string };
type Field = 'semester' | 'firstname' | 'name' | 'consent';

/** What the first sign-in's form lacks (SPEC §5, as password sign-up checks it). */
function problems(values: { semester: string; firstname: string; name: string; consent: boolean }) {
  const found: Partial<Record<Field, string>> = {};
  if (!values.semester) found.semester = messages.common.required;
  for (const field of ['firstname', 'name'] as const) {
    const value = values[field].trim();
    if (!value) found[field] = messages.common.required;
    else if (!isValidName(value)) found[field] = messages.names.forbidden;
  }
  if (!values.consent) found.consent = messages.common.required;
  return found;
}

/**
 * The return from a school's sign-on (issue 16): `?sso=<code>` is traded for the session (305
 * minutes, SPEC §9), or — at a first sign-in — the semester is asked, as sign-up asks it
 * (SPEC §4 "plus semester when identity-provider data is given"); `?sso_error=` says
 * '{portal} : Connexion impossible' with SPEC §8's 2501. Either way the code leaves the address.
 */
export default function SsoReturn({ portalOf }: { portalOf(provider: string): string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showCatalogueError } = useToast();
  const [failedPortal, setFailedPortal] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [semester, setSemester] = useState('');
  const [names, setNames] = useState({ firstname: '', name: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const fail = (provider: string) => {
    setPending(null);
    setFailedPortal(portalOf(provider));
    showCatalogueError(errorCatalogue.ssoLogin);
  };

  async function signedIn(answer: Extract<SsoExchangeAnswer, { kind: 'signedIn' }>) {
    const outcome = await completeLogin(queryClient, answer.auth, answer.email, 'sso');
    writeJson(storageKeys.ssoSession, { provider: answer.provider, idToken: answer.idToken });
    if (outcome.groupsFailed) showCatalogueError(errorCatalogue.missingGroups);
    navigate(outcome.destination, { replace: true });
  }

  useEffect(() => {
    if (started.current) return;
    const code = params.get('sso');
    const error = params.get('sso_error');
    if (!code && !error) return;
    started.current = true;
    setParams({}, { replace: true });
    if (error) return fail(error);
    api.post<SsoExchangeAnswer>('/sso/exchange', { code }, { auth: false }).then(
      (answer) => {
        if (answer.kind === 'signedIn') return signedIn(answer);
        // The school's names, already cleaned by the server, for the learner to confirm.
        setNames({ firstname: answer.firstname, name: answer.name });
        setPending({ ...answer, code: code! });
      },
      () => fail(''),
    );
    // Runs once, on the address the provider sent the browser back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function finishSignup() {
    if (!pending) return;
    const found = problems({ semester, ...names, consent });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await api.post<SsoExchangeAnswer>(
        '/sso/signup',
        {
          code: pending.code,
          semester: Number(semester),
          firstname: names.firstname.trim(),
          name: names.name.trim(),
          consent: true,
        },
        { auth: false },
      );
      if (answer.kind === 'signedIn') await signedIn(answer);
    } catch (error) {
      // A field the server refused stays on the form; anything else ends the sign-on.
      if (isApiError(error, ErrorCode.VALIDATION) && error.fields) setErrors(error.fields);
      else fail(pending.provider);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {failedPortal !== null && (
        <Alert severity="error" role="alert">
          {messages.login.ssoFailure(failedPortal || messages.login.ssoPortal)}
        </Alert>
      )}
      {pending && (
        <Dialog open aria-labelledby="sso-signup-title" aria-describedby="sso-signup-text">
          <DialogTitle id="sso-signup-title">{messages.login.ssoWelcome(pending.firstname)}</DialogTitle>
          <DialogContent>
            <DialogContentText id="sso-signup-text" sx={{ mb: 2 }}>
              {messages.login.ssoSemesterText(pending.email)}
            </DialogContentText>
            {pending.semesters.length === 0 ? (
              <Alert severity="info">{messages.signup.noSemester}</Alert>
            ) : (
              <TextField
                select
                fullWidth
                required
                label={messages.signup.semester}
                value={semester}
                onChange={(e) => {
                  setSemester(e.target.value);
                  setErrors((current) => ({ ...current, semester: undefined }));
                }}
                error={Boolean(errors.semester)}
                helperText={errors.semester ?? ' '}
              >
                {pending.semesters.map((s) => (
                  <MenuItem key={s} value={String(s)}>
                    {s}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {(['firstname', 'name'] as const).map((field) => (
              <TextField
                key={field}
                fullWidth
                required
                label={field === 'firstname' ? messages.signup.firstname : messages.signup.lastname}
                autoComplete={field === 'firstname' ? 'given-name' : 'family-name'}
                value={names[field]}
                onChange={(e) => {
                  setNames((current) => ({ ...current, [field]: e.target.value }));
                  setErrors((current) => ({ ...current, [field]: undefined }));
                }}
                error={Boolean(errors[field])}
                helperText={errors[field] ?? ' '}
                sx={{ mt: 1 }}
              />
            ))}
            <FormControl required error={Boolean(errors.consent)}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={consent}
                    onChange={(e) => {
                      setConsent(e.target.checked);
                      setErrors((current) => ({ ...current, consent: undefined }));
                    }}
                    slotProps={{
                      input: { 'aria-describedby': errors.consent ? 'sso-consent-error' : undefined },
                    }}
                  />
                }
                label={messages.signup.consent}
              />
              {errors.consent && <FormHelperText id="sso-consent-error">{errors.consent}</FormHelperText>}
            </FormControl>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPending(null)} sx={{ minHeight: 44 }}>
              {messages.login.ssoCancel}
            </Button>
            <Button
              variant="contained"
              disabled={busy || pending.semesters.length === 0}
              onClick={() => void finishSignup()}
              sx={{ minHeight: 44 }}
            >
              {messages.login.ssoContinue}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
