// Completions: new IDs while typing (provider.ts), following the file's own conventions.
export { register } from './provider';
