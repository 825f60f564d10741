/** Saves `text` as a file named `filename`: a Blob behind a temporary link, clicked once. */
export function downloadFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Today's date for a file name: renewal-reminders-2026-11-25.csv. */
export const datedName = (stem: string, extension: string) =>
  `${stem}-${new Date().toISOString().slice(0, 10)}.${extension}`;
