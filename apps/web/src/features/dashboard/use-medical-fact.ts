import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorCatalogue, type FunFact } from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { fetchAnotherFunFact, funFactsQuery } from './dashboard-api';
import { pickFact } from './fun-facts';
import { useCatalogueToast } from '../../components/use-catalogue-toast';

/**
 * SPEC §2 medical fact: a random fact of the (locally cached) list, and another on demand from
 * GET /funfact/random/{id}, or from the cached list when that call fails. Toast 1201 'Missing
 * medical facts data' when no fact can be had either way.
 */
export function useMedicalFact() {
  const { showCatalogueError } = useToast();
  const facts = useQuery(funFactsQuery);
  const [random] = useState(Math.random);
  const [picked, setPicked] = useState<FunFact | undefined>(undefined);
  const fact = picked ?? (facts.data ? pickFact(facts.data, undefined, random) : undefined);
  useCatalogueToast(facts.isError, errorCatalogue.missingFacts);

  const another = useMutation({
    mutationFn: async (currentId: string | undefined) => {
      try {
        return await fetchAnotherFunFact(currentId);
      } catch (error) {
        const local = pickFact(facts.data ?? [], currentId, Math.random());
        if (!local) throw error;
        return local;
      }
    },
    onSuccess: setPicked,
    onError: () => showCatalogueError(errorCatalogue.missingFacts),
  });

  return {
    fact,
    isPending: facts.isPending,
    isChanging: another.isPending,
    showAnother: () => {
      if (!another.isPending) another.mutate(fact?._id);
    },
  };
}
