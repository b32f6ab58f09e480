import { useEffect } from 'react';
import { storageKeys } from '../../lib/storage';

/** When another tab logs out, this one leaves too instead of failing on its next call. */
export function useCrossTabLogout() {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.logoutSignal && event.newValue) window.location.assign('/');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
