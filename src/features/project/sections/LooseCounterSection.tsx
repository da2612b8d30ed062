// The project page's LooseCounter section (issue 7), built in src/features/loose-counter.
export { default } from '../../loose-counter/LooseCounterSection';
