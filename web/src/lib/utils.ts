import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

// cn merges class names so a caller's Tailwind classes override a component's.
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}
