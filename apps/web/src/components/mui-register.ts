import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * react-hook-form's register() for an MUI TextField: the ref must reach the <input> (inputRef),
 * not the TextField's root <div>, or focusing the first invalid field on submit does nothing.
 */
export function muiRegister<Name extends string>({ ref, ...rest }: UseFormRegisterReturn<Name>) {
  return { ...rest, inputRef: ref };
}
