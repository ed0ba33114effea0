export function importsOf(text: string): string[];
export function checkBoundaries(root: string): string[];
