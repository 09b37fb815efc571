import { proxiedImageUrl } from './load-preview';

/**
 * A Markdown image is a link until the reader asks for it (nothing remote loads by itself): on
 * click it is shown under the link, fetched through the server's image proxy, so the author's host
 * never learns who read the message. Returns false when the click was not on an image link, or
 * asked for a new tab (modifier keys), so the browser goes on as usual.
 */
export function showImageOnClick(event: MouseEvent, failedLabel: string): boolean {
  const link = (event.target as HTMLElement | null)?.closest<HTMLAnchorElement>('a.markdown__image-link');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return false;
  event.preventDefault();
  if (link.dataset.shown) return true;
  link.dataset.shown = 'true';
  void proxiedImageUrl(link.href).then((src) => {
    if (!src) return;
    const image = document.createElement('img');
    image.className = 'markdown__image';
    image.alt = link.textContent ?? '';
    image.src = src;
    image.addEventListener('error', () => {
      image.remove();
      link.title = failedLabel;
      link.classList.add('markdown__image-link--failed');
    });
    link.after(image);
  });
  return true;
}
