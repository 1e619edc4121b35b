/**
 * Hands a file the API sent (an invoice or credit note PDF, fetched with the access token) to the
 * browser's download, through a temporary link: a plain link could not carry the token.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the URL after click() returns; revoke it a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
