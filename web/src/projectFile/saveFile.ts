/** Hands a file to the browser's download (an object URL on a temporary `<a download>`). */
export function saveFile(fileName: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the click; keep the URL a moment for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
