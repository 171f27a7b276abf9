// Every Mantine component's styles beyond the first load's (styles/screens.css), as a module: a lazy screen
// (router.tsx) or lazy part of the first load imports it, and Vite loads its stylesheet before that code runs.
import './styles/screens.css';
