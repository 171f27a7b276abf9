// Route schemas live in packages/core (src/api); these names stay for the routes not yet moved.
export { id, idParams, pageQuery } from '@swipe/core';
