/**
 * How deep a JSON body may nest (issue 20): well past any statement, state or form we take, and
 * far short of what makes recursive code (validation, merging, canonical forms) overflow its stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `max`, read in one pass without parsing (so before any
 * recursive work): brackets outside strings are counted, escapes inside strings skipped.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
