/** The widget's snippet and preview address from the settings screen's fields (docs/widget.md). */
export interface WidgetForm {
  id: string;
  hostId: string;
  channelId: string;
  title: string;
  logo: string;
  welcome: string;
  themeColor: string;
  position: 'left' | 'right';
  autoReg: boolean;
  openWidth: string;
  openHeight: string;
}

const ATTRIBUTES: [keyof WidgetForm, string][] = [
  ['id', 'data-id'],
  ['hostId', 'data-host-id'],
  ['channelId', 'data-channel-id'],
  ['title', 'data-title'],
  ['logo', 'data-logo'],
  ['welcome', 'data-welcome'],
  ['themeColor', 'data-theme-color'],
  ['position', 'data-position'],
  ['autoReg', 'data-auto-reg'],
  ['openWidth', 'data-open-width'],
  ['openHeight', 'data-open-height'],
];

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const filled = (form: WidgetForm) =>
  ATTRIBUTES.map(([field, attribute]) => [attribute, String(form[field]).trim()] as const).filter(
    ([, value]) => value !== '',
  );

export function widgetSnippet(origin: string, form: WidgetForm): string {
  const attributes = filled(form).map(([name, value]) => `\n  ${name}="${escapeAttribute(value)}"`);
  return `<script src="${origin}/widget.js" async${attributes.join('')}></script>`;
}

/** The frame the loader would make, opened, for the live preview. */
export function widgetPreviewUrl(origin: string, form: WidgetForm, language: string): string {
  const query = new URLSearchParams(filled(form).map(([name, value]) => [name.slice('data-'.length), value]));
  query.set('lang', language);
  query.set('open', 'true');
  return `${origin}/widget.html?${query}`;
}
