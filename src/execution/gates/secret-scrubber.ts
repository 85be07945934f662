const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|PASSWD|PASS|API_?KEY|PRIVATE_?KEY|CREDENTIAL|AUTH|SESSION|COOKIE|PAT)$|^(AWS_|NPM_TOKEN|GH_|GITHUB_TOKEN)/i;

// Well-known token shapes: GitHub, GitLab, Slack, AWS access keys, npm, JWTs, PEM private keys, bearer headers, URL credentials.
const TOKEN_PATTERNS: readonly RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g,
  /\b(AKIA|ASIA)[A-Z0-9]{16}\b/g,
  /\bnpm_[A-Za-z0-9]{30,}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g,
  /(?<=[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+(?=@)/gi,
];

export const REDACTED = '[REDACTED]';

/** Whether an environment variable name looks like it holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The values to scrub: every secret-looking variable of `env` (values shorter than 6 characters are ignored). */
export function secretValuesOf(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && value.length >= 6 && isSecretName(name))
    .map(([, value]) => value as string)
    .sort((a, b) => b.length - a.length);
}

/** Replaces secret values and token-shaped strings with `[REDACTED]`. */
export function scrubSecrets(text: string, secretValues: readonly string[] = []): string {
  let out = text;
  for (const value of secretValues) out = out.split(value).join(REDACTED);
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}
