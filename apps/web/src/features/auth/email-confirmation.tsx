import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { confirmEmail } from './auth-api';

/**
 * The confirmation e-mail links to `/?confirm={userId}/{token}`. Whether the learner is signed in
 * or not, the link is posted back once (POST /confirmation/{a}/{b}), the parameter leaves the
 * address bar, and a toast says how it went.
 */
export function EmailConfirmation() {
  const location = useLocation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const handled = useRef<string | null>(null);
  const value = new URLSearchParams(location.search).get('confirm');

  useEffect(() => {
    if (!value || handled.current === value) return;
    handled.current = value;
    const [userId = '', token = ''] = value.split('/');
    const rest = new URLSearchParams(location.search);
    rest.delete('confirm');
    navigate({ pathname: location.pathname, search: rest.toString() }, { replace: true });
    confirmEmail(userId, token).then(
      () => showToast({ message: messages.confirmation.done, severity: 'success' }),
      () => showToast({ message: messages.confirmation.failed, severity: 'error' }),
    );
  }, [value, location.pathname, location.search, navigate, showToast]);

  return null;
}
