import { baseURL } from './browser';

/**
 * A new employee of Clinique Démo (no placement test: they join Parcours Clinique at once), so the
 * journey changes no demo learner another spec reads. `base`: a server of the spec's own.
 */
export async function newClinicLearner(base = baseURL()): Promise<{ email: string; password: string }> {
  const email = `nurse.${Date.now()}@clinique-demo.com`;
  const password = 'Poumon2026x';
  const res = await fetch(`${base}/api/student`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      firstname: 'Inès',
      name: 'Garnier',
      code: 'DEMO-CLINIC-2026',
      phone: '+33 1 23 45 67 89',
      jobTitle: 'Infirmière',
      needs: ['telephoning'],
      consent: true,
      typeSite: 1,
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { email, password };
}
