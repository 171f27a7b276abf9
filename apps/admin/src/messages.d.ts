// Message tables built by the admin-messages plugin of vite.config.ts (one language, English filled in).
declare module 'virtual:admin-messages/*' {
  const table: Record<string, Record<string, string>>;
  export default table;
}

// dayjs ships its locales without declarations; they are imported for their side effect (registration).
declare module 'dayjs/locale/*';
