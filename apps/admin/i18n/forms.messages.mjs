// Texts every back-office form shares: counters of limited fields.
export const messages = {
  chars_count: ['{n} / {max} 文字', '{n} of {max} characters', '{n} / {max}자', '{n} / {max} 字'],
};
