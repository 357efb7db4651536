const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Parses `90`, `30s`, `15m`, `12h`, `7d` into seconds; anything else is undefined. */
export function parseDurationSeconds(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = (match[2] || 's') as keyof typeof UNIT_SECONDS;
  const seconds = Number(match[1]) * UNIT_SECONDS[unit];
  return seconds > 0 ? seconds : undefined;
}
