import { useEffect } from 'react';
import type { CatalogueEntry } from '@medenglish/shared';
import { useToast } from './toast';

/**
 * Shows a SPEC §8 catalogue toast when `failed` becomes true, once per failure: a call that keeps
 * failing at every 30-second refresh does not pile up toasts.
 */
export function useCatalogueToast(failed: boolean, entry: CatalogueEntry): void {
  const { showCatalogueError } = useToast();
  useEffect(() => {
    if (failed) showCatalogueError(entry);
  }, [failed, entry, showCatalogueError]);
}
