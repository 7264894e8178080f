/**
 * Joins class names and lets later Tailwind classes win (the shadcn/ui `cn`), with tailwind-merge
 * built from the trimmed configuration of tailwind-merge-config.ts (only the class groups src/web
 * uses; cn.test.ts checks it merges them exactly as the full `twMerge` does).
 */
import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { getTailwindMergeConfig } from '@/web/lib/tailwind-merge-config';

const merge = createTailwindMerge(getTailwindMergeConfig);

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
