/** Minimal `--name value` / `--flag` argument parsing for the warehouse CLIs. */
export interface ParsedArgs {
  flags: Record<string, string | true>;
  positional: string[];
}

export function parseArgs(argv: string[]): ParsedArgs {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      const next = argv[i + 1];
      if (inline !== undefined) flags[name] = inline;
      else if (next !== undefined && !next.startsWith('--')) {
        flags[name] = next;
        i++;
      } else flags[name] = true;
    } else positional.push(a);
  }
  return { flags, positional };
}

export function numberFlag(args: ParsedArgs, name: string, fallback: number): number {
  const v = args.flags[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (v === true || !Number.isFinite(n)) throw new Error(`--${name} needs a number`);
  return n;
}

export function stringFlag(args: ParsedArgs, name: string, fallback: string): string {
  const v = args.flags[name];
  if (v === undefined) return fallback;
  if (v === true) throw new Error(`--${name} needs a value`);
  return v;
}

/** DATA_DIR as the API reads it, relative to the repository root when run through npm workspaces. */
export function defaultDataDir(): string {
  return process.env.DATA_DIR ?? `${process.env.INIT_CWD ?? process.cwd()}/data`;
}
