/** Node and V8 options of the server process (see server-node-args.mjs). */
export declare const SERVER_NODE_ARGS: string[];
