/** Replaces every occurrence of the given secrets (and bearer/basic credentials) in a text with `***`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out
    .replace(/(authorization\s*[:=]\s*)(bearer|basic|token)?\s*[^\s,;"']+/gi, (_m, k: string, scheme: string | undefined) => `${k}${scheme ? `${scheme} ` : ''}***`)
    .replace(/([?&](?:token|access_token|api_key|apikey|key|password)=)[^&#\s]+/gi, '$1***')
    .replace(/(\/\/[^/\s:@]+:)[^@/\s]+@/g, '$1***@');
}
