/**
 * A JSON object as the LRS handles statements and documents before and after their rules: one
 * name for it, so the xAPI code says what it means in one way.
 */
export type Json = Record<string, unknown>;
