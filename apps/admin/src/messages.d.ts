// Message tables built by the admin-messages plugin of vite.config.ts (one language, English filled in).
declare module 'virtual:admin-messages/messages-*' {
  const table: Record<string, Record<string, string>>;
  export default table;
}
/** the signed-in screens' back-office keys (namespace admin) */
declare module 'virtual:admin-messages/screens-*' {
  const table: Record<string, string>;
  export default table;
}

// dayjs ships its locales without declarations; they are imported for their side effect (registration).
declare module 'dayjs/locale/*';
