import type { Module } from '../module.js';
import { surveySitesRoutes } from './routes.js';

/** Visitor surveys: list, questions, responses with points and score. */
export const surveysModule: Module = { name: 'surveys', sites: surveySitesRoutes };
