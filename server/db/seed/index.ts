// The first-start seed's domain part: the reference lists, then (demo installations) one vessel call.
export { type DemoSummary, seedDemoData } from './demo.js';
export { seedLookups } from './lookups.js';
