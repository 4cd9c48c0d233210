/**
 * The words of anything thrown. `(error as Error).message` prints "undefined" for a thrown string or object, and
 * `String(error)` throws for an object with no prototype, so every message about a caught failure goes through here.
 */
export function errorMessage(error: unknown): string {
  // Duck-typed as well as `instanceof`: an error from another realm (a test VM, undici) is not an `Error` here.
  const message =
    typeof error === 'object' && error !== null
      ? (error as { message?: unknown }).message
      : undefined
  if (typeof message === 'string' && message !== '') return message
  try {
    // A message-less Error reads as its name ("Error", "TypeError"), a thrown string as itself.
    return String(error)
  } catch {
    return 'a thrown value that cannot be shown as text'
  }
}
