// Object keys in the editor: "Plan Object Keys…" and the page it shows.
export { register } from './plan';
