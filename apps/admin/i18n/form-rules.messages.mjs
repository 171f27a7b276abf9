// The validation rules of a visitor-form field in the editor's form settings. [ja, en, kr, cn]
export const messages = {
  field_type_date: ['日付', 'Date', '날짜', '日期'],
  rule_min_length: ['最小文字数', 'Minimum length', '최소 글자 수', '最少字符数'],
  rule_pattern: ['入力パターン（正規表現）', 'Pattern (regular expression)', '입력 패턴(정규 표현식)', '输入格式（正则表达式）'],
  rule_pattern_help: [
    '値全体が一致する必要があります（例: \\d{3}-\\d{4}）。100文字まで',
    'The whole value must match (e.g. \\d{3}-\\d{4}). Up to 100 characters',
    '값 전체가 일치해야 합니다(예: \\d{3}-\\d{4}). 최대 100자',
    '整个值必须匹配（例如 \\d{3}-\\d{4}）。最多100个字符',
  ],
  rule_equals_field: ['この項目と一致', 'Must equal field', '이 항목과 일치', '必须与此字段一致'],
  rule_after_field: ['この項目より後', 'Must be after field', '이 항목보다 이후', '必须晚于此字段'],
  rule_min_items: ['最小選択数', 'Minimum checked', '최소 선택 수', '最少选择数'],
  rule_max_items: ['最大選択数', 'Maximum checked', '최대 선택 수', '最多选择数'],
  rule_min_date: ['最小日付', 'Earliest date', '최소 날짜', '最早日期'],
  rule_max_date: ['最大日付', 'Latest date', '최대 날짜', '最晚日期'],
};
