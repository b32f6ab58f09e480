/** SPEC §5: the 23 needs offered by the needs analysis, in the spec's order. */
export const NEEDS = [
  'art',
  'economy',
  'education',
  'emails',
  'environment',
  'finance',
  'it',
  'engineering',
  'legal',
  'logistics',
  'marketing',
  'negotiations',
  'news',
  'politics',
  'presentations',
  'production',
  'quality',
  'meetings',
  'hr',
  'sport',
  'telephoning',
  'sales',
  'travelling',
] as const;

export type Need = (typeof NEEDS)[number];

/** Labels shown in the multi-select (the stored keys stay the spec's). */
export const NEED_LABELS: Record<Need, string> = {
  art: 'Art',
  economy: 'Économie',
  education: 'Éducation',
  emails: 'Emails',
  environment: 'Environnement',
  finance: 'Finance',
  it: 'Informatique',
  engineering: 'Ingénierie',
  legal: 'Juridique',
  logistics: 'Logistique',
  marketing: 'Marketing',
  negotiations: 'Négociations',
  news: 'Actualités',
  politics: 'Politique',
  presentations: 'Présentations',
  production: 'Production',
  quality: 'Qualité',
  meetings: 'Réunions',
  hr: 'Ressources humaines',
  sport: 'Sport',
  telephoning: 'Téléphone',
  sales: 'Ventes',
  travelling: 'Voyages',
};

/** SPEC §3: needs are stored as a map of the selected needs set to true. */
export function needsToMap(selected: readonly Need[]): Partial<Record<Need, true>> {
  return Object.fromEntries(selected.map((n) => [n, true])) as Partial<Record<Need, true>>;
}
