/**
 * Saves the file at `url` under `name` without leaving the app: a same-origin link with the
 * `download` attribute. A seam the tests replace (jsdom does not download).
 */
export function saveFile(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
