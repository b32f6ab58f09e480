import { FIRST_SCREEN_ID } from './first-screen';

/**
 * The login card the server drew (src/ssr/login-first-screen.tsx) is a real form: a visitor may
 * type in it, focus a field or press Enter before the app has started (issue 10). The app's first
 * commit replaces it with its own form, which starts from what is read here, so nothing typed is
 * lost and the focus stays in the same field. Pressing Enter is held by after-first-paint.js
 * (`data-submitted`), and the app's form submits once it has taken over; a click on one of the
 * card's buttons (`data-clicked`) is replayed on the app's same button.
 */
export interface DrawnLogin {
  email: string;
  password: string;
  /** The field that had the focus (the `name` of the input), or null. */
  focused: 'email' | 'password' | null;
  /** Whether the visitor asked to sign in before the app started. */
  submitted: boolean;
  /** The rank among the card's buttons of the last one clicked before the app started, or null. */
  clicked: number | null;
}

let form: HTMLFormElement | null = null;
let focused: DrawnLogin['focused'] = null;
/** Set once the app's form has read the drawn one: its commit, which removes the field, follows. */
let replacing = false;

const fieldName = (target: EventTarget | null): DrawnLogin['focused'] => {
  const name = target instanceof HTMLInputElement ? target.name : '';
  return name === 'email' || name === 'password' ? name : null;
};

/**
 * Keeps the drawn form (main.tsx, when the card stays until the app's first commit) and follows its
 * focus from now on: the commit removes the focused field, so the focus is read from the events.
 * A field the visitor leaves is no longer focused; the blur a browser may send as the commit
 * removes the field (once the app's form has read this one) is not the visitor's.
 */
export function watchDrawnLogin(root: Document = document): void {
  form = root.querySelector<HTMLFormElement>(`#${FIRST_SCREEN_ID} form`);
  if (!form) return;
  focused = form.contains(root.activeElement) ? fieldName(root.activeElement) : null;
  form.addEventListener('focusin', (event) => {
    focused = fieldName(event.target);
  });
  form.addEventListener('focusout', () => {
    if (!replacing) focused = null;
  });
}

/**
 * What the visitor left in the drawn form, read from its fields as they are now (kept even once
 * the commit has taken them out of the page); null when there is none. `forget` lets it go, so
 * that a later login form (after a logout) starts empty.
 */
function clickedOf(screen: HTMLElement | null): number | null {
  const rank = Number(screen?.dataset.clicked ?? Number.NaN);
  return Number.isInteger(rank) && rank >= 0 ? rank : null;
}

/**
 * The button of the app's screen at the rank of the one clicked in the drawn card: the same button,
 * the app drawing the same screen.
 */
export function sameButton(rank: number, root: Document = document): HTMLButtonElement | null {
  return root.getElementById('root')?.querySelectorAll('button')[rank] ?? null;
}

export function readDrawnLogin(forget = false): DrawnLogin | null {
  if (!form) return null;
  const value = (name: string) => {
    const field = form?.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : '';
  };
  const drawn: DrawnLogin = {
    email: value('email'),
    password: value('password'),
    focused,
    submitted: form.dataset.submitted === 'true',
    clicked: clickedOf(form.closest<HTMLElement>(`#${FIRST_SCREEN_ID}`)),
  };
  replacing = true;
  if (forget) {
    form = null;
    focused = null;
    replacing = false;
  }
  return drawn;
}
