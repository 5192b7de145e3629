/**
 * Hands a file to the browser as a download named `filename`: a Blob as it is, text as UTF-8 of
 * the given type.
 */
export const saveFile = (content: Blob | string, filename: string, type = 'text/plain'): void => {
  const blob = typeof content === 'string' ? new Blob([content], { type: `${type};charset=utf-8` }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; the browser may read the blob after this task.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
