/** Standard base64 (with padding) of the UTF-8 JSON text, for the `X-Properties` header (API.md §6.1). */
export function encodeProperties(properties: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(properties));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
