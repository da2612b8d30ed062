// The module that carries ./rest.css into its own chunk (see ./loadRest.ts).
import './rest.css';
