// The dashboard's axis labels and colours (money goes through core's formatYen).

/** YYYY-MM as a short axis label: 26/11. */
export function monthLabel(month: string): string {
  return `${month.slice(2, 4)}/${month.slice(5, 7)}`;
}

export const PALETTE = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7', 'lime.7', 'pink.6', 'yellow.7', 'blue.4', 'gray.6'];
