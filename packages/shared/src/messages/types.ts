import type { fr } from './fr.js';

/** A text, a text-making function, a list or a section, without the French literal types. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer E)[]
      ? readonly Widen<E>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;

/** The shape every language's catalogue has: the French one's keys, any wording. */
export type Messages = Widen<typeof fr>;
