/**
 * `cn` merges the classes src/web uses exactly as tailwind-merge's full `twMerge` does, though it is
 * built from the trimmed configuration of tailwind-merge-config.ts (issue #16).
 *
 * The source under src/web (tests, test fixtures and the configuration itself left out) is parsed with oxc-parser, and every
 * word of its string and template literals that could be a class is collected, its variants
 * (`sm:`, `hover:`, `aria-[invalid=true]:`, `[&>svg]:`) and `!` marker taken off; a word cut by a
 * `${...}` is left out. Words that are not classes (message keys, paths, `button`) come along; they
 * cost nothing, since neither merge knows them. Then, for every ordered pair (a, b) of the words
 * `twMerge` knows, `cn(a, b)` must equal `twMerge('a b')`, bare and under `sm:` and `hover:`.
 *
 * A failure names the classes. A class of a group the trimmed configuration lacks shows as a
 * missing merge (`cn('text-balance text-balance')` keeping both) or a wrong one (the catch-all
 * text colour taking `text-balance`); tailwind-merge-config.ts says how to add the group.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'oxc-parser';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '@/web/lib/cn';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The configuration's own strings (group ids such as `ring-offset-w`, scale values) are not classes. */
const configFile = path.join(webDir, 'lib/tailwind-merge-config.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['test', 'testing'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && full !== configFile ? [full] : [];
  });
}

/** The class without its variants and `!`: `sm:hover:!px-4` -> `px-4`, `[&>svg]:h-4` -> `h-4`. */
function withoutVariants(word: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i++) {
    const char = word[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) start = i + 1;
  }
  return word.slice(start).replace(/^!|!$/g, '');
}

/** Starts like a class: a letter, `-` (negative values), `@` (container queries), `[` (arbitrary properties). */
const CLASS_LIKE = /^-?[a-z@[(]\S*$/;

/** Every class-like word of the source, with the first file that has it. */
function collectWords(): Map<string, string> {
  const words = new Map<string, string>();
  for (const file of sourceFiles(webDir)) {
    const code = fs.readFileSync(file, 'utf8');
    const { program, errors } = parseSync(file, code);
    expect(errors, `${file} does not parse`).toEqual([]);
    const where = path.relative(webDir, file);
    // `cutStart`/`cutEnd`: the text meets a `${...}` there, so a word touching that edge is only part of one.
    const add = (text: string, cutStart: boolean, cutEnd: boolean) => {
      const parts = text.split(/\s+/);
      if (cutStart && !/^\s/.test(text)) parts.shift();
      if (cutEnd && !/\s$/.test(text)) parts.pop();
      for (const part of parts) {
        const word = withoutVariants(part);
        if (CLASS_LIKE.test(word) && !words.has(word)) words.set(word, where);
      }
    };
    new Visitor({
      Literal(node) {
        if (typeof node.value === 'string') add(node.value, false, false);
      },
      TemplateLiteral(node) {
        const last = node.quasis.length - 1;
        node.quasis.forEach((quasi, i) => add(quasi.value.cooked ?? quasi.value.raw, i > 0, i < last));
      },
    }).visit(program);
  }
  return words;
}

const words = collectWords();
const sorted = [...words.keys()].sort();
/** The words the full `twMerge` takes for Tailwind classes: it merges a class with itself. */
const classes = sorted.filter((word) => twMerge(`${word} ${word}`) === word);

describe('cn (trimmed tailwind-merge configuration)', () => {
  it('finds the classes in the source (the scan itself works)', () => {
    for (const expected of ['h-10', 'h-12', 'px-4', 'text-sm', 'border-slate-300', 'bg-slate-900/50', 'border-red-600', 'grid-cols-[10rem_1fr]']) {
      expect(classes, expected).toContain(expected);
    }
    expect(words.get('h-12')).toBeDefined();
    expect(classes.length).toBeGreaterThan(300);
  });

  it('knows the same classes as twMerge (a class merges with itself; any other word is kept twice)', () => {
    const different = sorted
      .map((word) => ({ word, got: cn(word, word), want: twMerge(`${word} ${word}`) }))
      .filter(({ got, want }) => got !== want)
      .map(({ word, got, want }) => `${word} (${words.get(word)}): cn gives "${got}", twMerge "${want}"`);
    expect(different).toEqual([]);
  });

  // A word neither merge knows is kept as it is and conflicts with nothing, so the pairs need only the classes.
  it.each(['', 'sm:', 'hover:'])('merges every ordered pair of the classes as twMerge does (variant "%s")', (variant) => {
    const different: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        if (a === b) continue;
        const got = cn(variant + a, variant + b);
        const want = twMerge(`${variant}${a} ${variant}${b}`);
        if (got !== want && different.length < 50) different.push(`"${variant}${a} ${variant}${b}" (${words.get(a)}, ${words.get(b)}): cn gives "${got}", twMerge "${want}"`);
      }
    }
    expect(different).toEqual([]);
  });
});
