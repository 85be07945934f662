/**
 * Secret-looking values replaced by `***` before anything reaches an artifact: assignments of keys
 * named like secrets (`password=…`, `"apiKey": "…"`, `token: …`), bearer/basic credentials, URL
 * userinfo, private-key blocks and well-known token shapes (GitHub, AWS, Slack, JWT, npm).
 */
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g, '***PRIVATE KEY***'],
  [/\b(authorization\s*[:=]\s*)(bearer|basic|token)?\s*[^\s,;"']+/gi, '$1$2 ***'],
  [/\b(bearer)\s+[A-Za-z0-9._~+/-]{8,}=*/gi, '$1 ***'],
  [/(["']?[A-Za-z0-9_-]*(?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret)["']?\s*[:=]\s*)(["']?)[^\s"',;}]{3,}\2/gi, '$1$2***$2'],
  [/(\/\/[^/\s:@]+:)[^@/\s]+@/g, '$1***@'],
  [/\b(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|npm_[A-Za-z0-9]{30,})\b/g, '***'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, '***'],
];

/** Returns `text` with secret-looking values (and any of `secrets` of ≥ 4 chars) replaced by `***`. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
