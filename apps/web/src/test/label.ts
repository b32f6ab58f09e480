/**
 * Matches a field's label whatever MUI appends to it (the required asterisk), without matching
 * longer labels that contain it ('Mot de passe' vs 'Confirmation du mot de passe').
 */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}
