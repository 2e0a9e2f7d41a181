/** Small builders of SVG markup shared by the exports. No DOM here. */

export const escapeXml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // Characters XML 1.0 forbids (control characters a file's cells may hold).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

/** A number for an attribute: two decimals at most, no trailing zeros. */
export const px = (v: number): string => String(Math.round(v * 100) / 100);

/** The font of the exports' titles and of text drawn without a page style. */
export const EXPORT_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** A standalone SVG document of the given size around `body`, on a white background. */
export function svgDocument(width: number, height: number, body: string): string {
  const w = px(width);
  const h = px(height);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" fill="#ffffff"/>`,
    body,
    '</svg>',
    '',
  ].join('\n');
}

/** An SVG document's own markup without its XML declaration, to nest in another document. */
export const withoutDeclaration = (svg: string): string => svg.replace(/^<\?xml[^>]*>\s*/, '');
