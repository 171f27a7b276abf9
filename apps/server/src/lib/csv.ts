// The CSV rules live in packages/core (csv.ts), shared with the back-office's export of lists the server has no
// CSV route for; the server's export routes keep importing them from here.
export { csvCell, csvDocument } from '@swipe/core';
