/**
 * `text` cut to at most `max` characters, its last one an ellipsis when something was cut (never
 * half of a surrogate pair). For what the server draws from stored text: a value longer than its
 * field's rule (stored before the rule, or any other way) then costs no more than the longest
 * one the rule allows.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = text.slice(0, max - 1);
  const last = kept.charCodeAt(kept.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return `${kept}…`;
}
