// The list component of every back-office list (components/data-list). [ja, en, kr, cn]
export const messages = {
  list_sort_by: ['{column}で並べ替え', 'Sort by {column}', '{column} 기준 정렬', '按{column}排序'],
  list_sort_label: ['並び順', 'Sort by', '정렬', '排序'],
  list_sorted_asc: ['昇順', 'ascending', '오름차순', '升序'],
  list_sorted_desc: ['降順', 'descending', '내림차순', '降序'],
};
