import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { messages, type AccessCode, type AuthData } from '@medenglish/shared';
import { useToast } from '../../../components/toast';
import { startSession } from '../../../lib/session';
import { storageKeys, writeStorage } from '../../../lib/storage';
import { CodeStep } from './code-step';
import { DetailsForm } from './details-form';

export interface SignupWizardProps {
  /** From ?code= / ?sem=, kept in sessionStorage for the session (SPEC §2). */
  initialCode: string;
  initialSemester: string | null;
  onCancel(): void;
}

type State = { step: 0; error?: string } | { step: 1; code: string; accessCode: AccessCode };

/** SPEC §4 Account creation: step 0 access code, step 1 details form. */
export default function SignupWizard({ initialCode, initialSemester, onCancel }: SignupWizardProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [state, setState] = useState<State>({ step: 0 });
  const [code, setCode] = useState(initialCode);

  const onCreated = (auth: AuthData, email: string, accessCode: AccessCode) => {
    // SPEC §7: after sign-up the auth cookie lasts 305 minutes.
    startSession(auth, email, 'signup');
    queryClient.clear();
    if (accessCode.placementtest) writeStorage(storageKeys.inTest, 'true');
    showToast({ message: messages.signup.success, severity: 'success' });
    navigate(accessCode.placementtest ? '/test' : '/dashboard', { replace: true });
  };

  return (
    <Stack spacing={3}>
      <Stepper activeStep={state.step} alternativeLabel>
        <Step>
          <StepLabel>{messages.signup.codeStep}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{messages.signup.detailsStep}</StepLabel>
        </Step>
      </Stepper>
      {state.step === 0 ? (
        <CodeStep
          initialCode={code}
          initialError={state.error}
          onBack={onCancel}
          onValid={(value, accessCode) => {
            setCode(value);
            setState({ step: 1, code: value, accessCode });
          }}
        />
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>
            {messages.signup.company(state.accessCode.companyName)}
          </Typography>
          <DetailsForm
            code={state.code}
            accessCode={state.accessCode}
            initialSemester={initialSemester}
            onBack={() => setState({ step: 0 })}
            onInvalidCode={() => setState({ step: 0, error: messages.signup.invalidCode })}
            onCreated={(auth, email) => onCreated(auth, email, state.accessCode)}
          />
        </>
      )}
    </Stack>
  );
}
