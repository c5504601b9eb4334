/**
 * What may be logged of a password link: the URL with the value of every `token=` parameter hidden. Reset and
 * invitation tokens are passwords; the log is read live by admins in the browser, so it never carries them.
 */
export function maskSecrets(text: string): string {
  // A value the request log already scrubbed (logger.ts scrubUrl: [redacted]) is left as it is.
  return text.replace(/([?&;]token=)(?!\[redacted\](?:[&\s"'\\]|$))[^&\s"'\\]+/gi, '$1[hidden]');
}
