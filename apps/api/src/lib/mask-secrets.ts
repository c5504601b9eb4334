/**
 * What may be logged of a password link: the URL with the value of every `token=` parameter hidden. Reset and
 * invitation tokens are passwords; the log is read live by admins in the browser, so it never carries them.
 */
export function maskSecrets(text: string): string {
  return text.replace(/([?&;]token=)[^&\s"'\\]+/gi, '$1[hidden]');
}
