export function importsOf(text: string): string[];
export function typeOnlyImportsOf(text: string): Set<string>;
export function checkBoundaries(root: string): string[];
